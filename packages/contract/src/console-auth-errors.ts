import { e } from './error-spec';

/** Errors of the console's sign-in and operator accounts beyond CONSOLE_ERRORS; part of ERRORS. */
export const CONSOLE_AUTH_ERRORS = {
  OPERATOR_TOTP_ALREADY_ENROLLED: e(
    409,
    'Your authenticator app is already set up.',
    '您的验证器应用已设置。',
    '인증 앱이 이미 설정되어 있습니다.',
    '認証アプリは既に設定されています。',
  ),
  OPERATOR_TOTP_ENROL_FIRST: e(
    400,
    'Set up your authenticator app first.',
    '请先设置验证器应用。',
    '먼저 인증 앱을 설정해 주세요.',
    '先に認証アプリを設定してください。',
  ),
  OPERATOR_PASSKEY_NOT_FOUND: e(
    404,
    'This passkey does not exist.',
    '该通行密钥不存在。',
    '이 패스키는 존재하지 않습니다.',
    'このパスキーは存在しません。',
  ),
  OPERATOR_API_KEY_NOT_FOUND: e(
    404,
    'This API key does not exist.',
    '该 API 密钥不存在。',
    '이 API 키는 존재하지 않습니다.',
    'この API キーは存在しません。',
  ),
  OPERATOR_NOT_SELF: e(
    409,
    'You cannot do this to your own account: ask another admin.',
    '不能对自己的账号执行此操作，请联系其他管理员。',
    '본인 계정에는 할 수 없습니다. 다른 관리자에게 요청해 주세요.',
    'ご自身のアカウントにはできません。別の管理者に依頼してください。',
  ),
  OPERATOR_LAST_ADMIN: e(
    409,
    'This is the last active admin: the console would have nobody to manage operators.',
    '这是最后一位在职管理员，停用后将无人管理操作员。',
    '마지막 활성 관리자입니다. 운영자를 관리할 사람이 없어집니다.',
    '最後の有効な管理者です。オペレーターを管理する人がいなくなります。',
  ),
} as const;
