import type { Catalogue } from './en';

export const ko: Catalogue = {
  app: {
    name: 'SBC Wallet',
  },
  tabs: {
    home: '홈',
    wallet: '카드 지갑',
    account: '내 계정',
  },
  common: {
    retry: '다시 시도',
    loading: '불러오는 중…',
    back: '뒤로',
  },
  errors: {
    network: '서버에 연결할 수 없습니다. 네트워크 연결을 확인한 후 다시 시도해 주세요.',
    timeout: '서버 응답 시간이 초과되었습니다. 다시 시도해 주세요.',
    badReply: '서버 응답을 읽을 수 없습니다.',
    unexpected: '문제가 발생했습니다. 다시 시도해 주세요.',
  },
  routeError: {
    title: '페이지를 불러오지 못했습니다',
    description: '네트워크 연결을 확인한 후 ‘다시 시도’를 눌러 주세요.',
  },
  notFound: {
    title: '페이지를 찾을 수 없습니다',
    description: '요청하신 페이지가 없거나 다른 곳으로 이동했습니다.',
    home: '홈으로 돌아가기',
  },
  home: {
    hero: {
      tagline: '암호화폐를 보관하고, 188개 이상의 국가에서 쓸 수 있는 Visa 방식 카드로 결제하세요.',
    },
    assets: {
      title: '지원 자산',
      decimals: '소수점 {{digits}}자리',
    },
    networks: {
      title: '네트워크',
      assets: '자산: {{assets}}',
      bindable: '주소 연결 가능',
    },
    loadError: '자산 및 네트워크 정보를 불러오지 못했습니다',
  },
  kind: {
    crypto: '암호화폐',
    fiat: '법정화폐',
    token: '토큰',
  },
  currency: {
    USDT: '테더',
    USD: '미국 달러',
    HKD: '홍콩 달러',
    CNY: '중국 위안',
    JPY: '일본 엔',
    KRW: '대한민국 원',
    EUR: '유로',
    SBC: 'SBC 토큰',
    ABI: 'ABI 토큰',
    BTC: '비트코인',
    ETH: '이더리움',
  },
  network: {
    TRON: '트론',
    BSC: 'BNB 스마트 체인',
    ETH: '이더리움',
    BTC: '비트코인',
  },
  wallet: {
    empty: {
      title: '아직 카드가 없습니다',
      description: '카드를 발급받으면 Visa 방식 카드를 받는 곳 어디서나 지갑 잔액으로 결제할 수 있습니다.',
      virtualTitle: '가상 카드',
      virtualText: '{{minutes}}분 이내에 발급되며, 바로 온라인 결제에 사용할 수 있습니다.',
      physicalTitle: '실물 카드',
      physicalText: '본인 인증을 마치면 우편으로 보내 드리며, 매장에서 결제할 수 있습니다.',
    },
  },
  account: {
    language: '언어',
    about: {
      title: '앱 정보',
      version: '앱 버전',
      docs: 'API 문서',
    },
    server: {
      title: '서버 상태',
      checkAgain: '다시 확인',
      status: '서버',
      ready: '정상',
      notReady: '준비 중',
      unreachable: '연결 불가',
      database: '데이터베이스',
      migrations: '마이그레이션',
    },
    checks: {
      ok: '정상',
      unreachable: '연결 불가',
      pending: '대기 중',
      unknown: '알 수 없음',
    },
  },
};
