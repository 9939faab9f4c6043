import { e } from './error-spec';

/** Errors of a card's spending controls (ADR 0010); part of ERRORS. */
export const CARD_CONTROLS_ERRORS = {
  CARD_CONTROLS_LIMIT_INVALID: e(
    400,
    'Enter each limit as an amount greater than 0 with at most 2 decimal places, or leave it empty for no limit.',
    '每项限额须为大于0、最多两位小数的金额；留空即不设限额。',
    '각 한도는 0보다 크고 소수점 이하 2자리까지인 금액으로 입력하거나, 한도 없이 두려면 비워 두세요.',
    '各上限は0より大きく小数点以下2桁までの金額で入力してください。上限なしにするには空欄のままにします。',
  ),
  CARD_CONTROLS_MONTHLY_BELOW_PURCHASE: e(
    400,
    'The monthly limit cannot be lower than the per-purchase limit.',
    '每月限额不能低于单笔限额。',
    '월 한도는 1회 결제 한도보다 낮을 수 없습니다.',
    '月間上限を1回あたりの上限より低くすることはできません。',
  ),
  CARD_CONTROLS_CATEGORY_INVALID: e(
    400,
    'One of the chosen merchant categories is not offered.',
    '所选商户类别中有一项不受支持。',
    '선택한 가맹점 업종 중 지원하지 않는 항목이 있습니다.',
    '選んだ加盟店カテゴリの中に対象外のものがあります。',
  ),
} as const;
