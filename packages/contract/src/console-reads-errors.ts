import { e } from './error-spec';

/** Errors of the console's member and card actions (helper E's part of issue 42); part of ERRORS. */
export const CONSOLE_READS_ERRORS = {
  MEMBER_ALREADY_LOCKED: e(
    409,
    'This member is already locked.',
    '该会员已被锁定。',
    '이 회원은 이미 잠겨 있습니다.',
    'この会員は既にロックされています。',
  ),
  CARD_FROZEN_BY_OPERATOR: e(
    403,
    'Our support team froze this card. Please contact support to unfreeze it.',
    '此卡已被客服团队冻结，请联系客服解冻。',
    '고객지원팀이 이 카드를 동결했습니다. 동결 해제는 고객지원에 문의해 주세요.',
    'このカードはサポートチームによって凍結されています。凍結解除はサポートにお問い合わせください。',
  ),
} as const;
