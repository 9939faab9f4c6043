import { e } from './error-spec';

/** Errors of the app lock; part of ERRORS. A wrong or locked payment password answers with the payment password's own codes. */
export const APP_LOCK_ERRORS = {
  APP_LOCK_NEEDS_PAYMENT_PASSWORD: e(
    400,
    'Set a payment password first: it is what unlocks the app.',
    '请先设置支付密码：解锁应用需要用到它。',
    '먼저 결제 비밀번호를 설정해 주세요. 앱 잠금을 풀 때 사용합니다.',
    '先に支払いパスワードを設定してください。アプリのロック解除に使います。',
  ),
  APP_LOCK_NO_PASSKEY: e(
    400,
    'You have no passkey. Unlock with your payment password.',
    '您没有通行密钥，请用支付密码解锁。',
    '패스키가 없습니다. 결제 비밀번호로 잠금을 해제해 주세요.',
    'パスキーがありません。支払いパスワードでロックを解除してください。',
  ),
} as const;
