import { e } from './error-spec';

/** Errors of the secret-guessing limits (server platform/secret-limits.ts); part of ERRORS. */
export const SECURITY_ERRORS = {
  OLD_PASSWORD_LOCKED: e(
    423,
    'Too many wrong current passwords: changing the password with it is paused for 15 minutes. You can still change it with an email code.',
    '原密码错误次数过多，使用原密码修改密码已暂停15分钟。您仍可使用邮箱验证码修改。',
    '현재 비밀번호 오류가 너무 많아 현재 비밀번호로 비밀번호를 변경하는 기능이 15분간 중지되었습니다. 이메일 코드로는 변경할 수 있습니다.',
    '現在のパスワードの誤りが多すぎるため、現在のパスワードによる変更を15分間停止しました。メールコードでは引き続き変更できます。',
  ),
} as const;
