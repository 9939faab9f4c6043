import type { Catalogue } from '../en';

export const cardMoneyKo: Catalogue['cardMoney'] = {
  choose: {
    rechargeTitle: '어느 카드를 충전할까요?',
    toWalletTitle: '어느 카드에서 옮길까요?',
    intro: '사용 중인 카드만 표시됩니다.',
    balance: '잔액 {{amount}} {{currency}}',
    frozen: '동결됨',
    none: '아직 사용할 수 있는 카드가 없습니다',
    noneText: '카드가 개설되고 KYC 인증을 통과하면 충전할 수 있습니다.',
    noneToWalletText: '아직 활성화된 카드가 없습니다. 카드가 개설되어 활성화되면 카드 잔액을 지갑으로 옮길 수 있습니다.',
    toCards: '내 카드로 이동',
    loadError: '카드 목록을 불러오지 못했습니다',
  },
  card: {
    to: '충전할 카드',
    from: '출금할 카드',
    change: '변경',
  },
  recharge: {
    intro: '{{currency}} 지갑에서 카드로 충전합니다. 수수료는 금액과 별도로 부과됩니다.',
    placeholder: '{{minimum}} 이상, 정수로 입력',
    minimum: '{{currency}} 정수 단위, 최소 {{minimum}}',
    overWithFee: '수수료를 더하면 잔액을 초과합니다. 사용 가능 금액은 {{available}} {{currency}}입니다.',
    sheetTitle: '충전 확인',
  },
  toWallet: {
    intro: '카드 잔액을 {{currency}} 지갑으로 옮깁니다. 수수료는 없습니다.',
    placeholder: '최대 {{max}}',
    sheetTitle: '지갑으로 옮기기 확인',
  },
  summary: {
    title: '예상 금액',
    pending: '금액을 입력하면 수수료, 환율, 받는 금액이 표시됩니다.',
    loading: '계산하는 중…',
  },
  continue: '다음',
  sheetIntro: '아래 금액이 그대로 이동합니다. 결제 비밀번호를 입력해 확인해 주세요.',
  cancel: '취소',
  payPassword: '결제 비밀번호',
  payPasswordPlaceholder: '6자리 결제 비밀번호',
  payPasswordRequired: '6자리 결제 비밀번호를 입력해 주세요.',
  pin: {
    heading: '카드 PIN 설정',
    intro: '매장에서 결제하거나 현금을 인출할 때 6자리 PIN을 입력합니다.',
    newPin: '새 PIN',
    newPinPlaceholder: '숫자 6자리',
    confirmPin: '새 PIN 다시 입력',
    confirmPlaceholder: '같은 숫자 6자리를 입력',
    length: 'PIN 6자리를 모두 입력해 주세요.',
    mismatch: '두 PIN이 일치하지 않습니다. 같은 숫자 6자리를 두 번 입력해 주세요.',
    tooSimple: 'PIN이 너무 쉽습니다. 같은 숫자 반복이나 123456 같은 연속된 숫자는 피해 주세요.',
    confirmGroup: '확인',
  },
  bind: {
    invalid: '유효하지 않은 카드 번호입니다. 카드에 인쇄된 숫자를 확인해 주세요.',
  },
};
