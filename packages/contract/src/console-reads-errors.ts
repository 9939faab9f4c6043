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
} as const;
