import type { appLockEn } from './en';

export const appLockKo: typeof appLockEn = {
  settings: {
    title: '앱 잠금',
    toggle: '앱 잠그기',
    description: '한동안 사용하지 않은 앱으로 돌아오면 내용을 보여 주기 전에 결제 비밀번호나 패스키를 요청합니다.',
    after: '잠금 시점',
    immediately: '열 때마다',
    oneMinute: '1분',
    fiveMinutes: '5분',
    fifteenMinutes: '15분',
    turnedOn: '앱 잠금을 켰습니다',
    turnedOff: '앱 잠금을 껐습니다',
    changed: '저장했습니다',
    loadError: '앱 잠금 설정을 불러오지 못했습니다',
  },
  screen: {
    title: 'SBC Wallet이 잠겨 있습니다',
    intro: '앱을 열려면 결제 비밀번호를 입력해 주세요.',
    paymentPassword: '결제 비밀번호',
    unlock: '잠금 해제',
    passkey: '패스키로 잠금 해제',
    passkeyCancelled: '패스키가 사용되지 않았습니다. 다시 시도하거나 결제 비밀번호를 입력해 주세요.',
    forgot: '결제 비밀번호를 잊으셨나요? 로그아웃',
  },
};
