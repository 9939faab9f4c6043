import type { Catalogue } from '../en';

export const cardControlsKo: Catalogue['cardControls'] = {
  title: '결제 한도 설정',
  loadError: '결제 한도 설정을 불러오지 못했습니다',
  limits: {
    title: '한도',
    description: '{{currency}} 기준입니다. 한도를 두지 않으려면 비워 두세요.',
    perPurchase: '1회 결제 한도',
    perPurchaseHelp: '한 번에 결제하는 금액이 이 한도를 넘으면 거절됩니다.',
    monthly: '월 한도',
    monthlyHelp: '달력상 한 달(UTC) 동안 승인된 결제를 합산하며, 취소된 결제 금액은 한도로 돌아옵니다.',
    spent: '이번 달 사용액: {{amount}}',
    noLimit: '한도 없음',
  },
  usage: {
    title: '사용처',
    online: '온라인 결제',
    onlineHelp: '카드를 직접 제시하지 않는 온라인 쇼핑몰과 앱에서의 결제입니다.',
    atm: 'ATM 출금',
    atmHelp: 'ATM에서 현금을 인출합니다.',
  },
  categories: {
    title: '차단할 가맹점 업종',
    description: '여기서 고른 업종의 가맹점에서는 결제가 거절됩니다.',
    gambling: '도박',
    adult: '성인 콘텐츠',
    crypto: '암호화폐 및 송금',
    travel: '여행 및 숙박',
    dining: '음식점',
    shopping: '쇼핑',
    digital: '디지털 상품 및 스트리밍',
    cash: '현금 인출',
  },
  save: '저장',
  saved: '저장했습니다. 지금부터의 결제에는 이 설정이 적용됩니다.',
};
