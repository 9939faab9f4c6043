import type { Catalogue } from '../en';

export const amountsKo: Catalogue['amounts'] = {
  withdrawOnHold:
    '{{total}} USDT가 보류되었습니다. 출금액 {{amount}} USDT에 네트워크 수수료 {{fee}} USDT를 더한 금액입니다. 심사를 기다리고 있으며, 출금 주문에서 진행 상황을 확인할 수 있습니다.',
};
