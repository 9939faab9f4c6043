import { e } from './error-spec';

/** Errors of card tickets used at card opening (issue 43); part of ERRORS. */
export const REWARD_SOURCES_ERRORS = {
  CARD_TICKET_UNAVAILABLE: e(
    409,
    'Your card ticket has already paid for another card, so nothing was charged. Check the fee and try again.',
    '您的开卡券已用于另一张卡，本次未扣款。请查看开卡费后重试。',
    '카드 발급권이 이미 다른 카드에 사용되어 이번에는 결제되지 않았습니다. 발급 수수료를 확인한 뒤 다시 시도해 주세요.',
    'カード発行チケットはすでに別のカードに使われたため、今回は請求されていません。発行手数料を確認してもう一度お試しください。',
  ),
};
