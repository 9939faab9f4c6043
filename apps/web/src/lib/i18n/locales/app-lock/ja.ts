import type { appLockEn } from './en';

export const appLockJa: typeof appLockEn = {
  settings: {
    title: 'アプリロック',
    toggle: 'アプリをロック',
    description: 'しばらく使っていなかったアプリに戻ると、内容を表示する前に支払いパスワードまたはパスキーを求めます。',
    after: 'ロックまでの時間',
    immediately: '開くたび',
    oneMinute: '1分',
    fiveMinutes: '5分',
    fifteenMinutes: '15分',
    turnedOn: 'アプリロックをオンにしました',
    turnedOff: 'アプリロックをオフにしました',
    changed: '保存しました',
    loadError: 'アプリロックの設定を読み込めませんでした',
  },
  screen: {
    title: 'SBC Wallet はロックされています',
    intro: 'アプリを開くには支払いパスワードを入力してください。',
    paymentPassword: '支払いパスワード',
    unlock: 'ロック解除',
    passkey: 'パスキーでロック解除',
    passkeyCancelled: 'パスキーが使われませんでした。もう一度試すか、支払いパスワードを入力してください。',
    forgot: '支払いパスワードをお忘れですか？ログアウト',
  },
};
