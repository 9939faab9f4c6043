import { z } from 'zod';
import type { Language, Translated } from './languages';

type ErrorSpec = { readonly status: number; readonly message: Translated };

const e = (status: number, en: string, zh: string, ko: string, ja: string): ErrorSpec => ({
  status,
  message: { en, zh, ko, ja },
});

/**
 * Every error code the API can answer with. Codes are stable identifiers: clients branch on them,
 * so a code is never renamed or reused for another meaning. The Translated type makes each message
 * exist in all four languages.
 */
export const ERRORS = {
  VALIDATION_FAILED: e(400, 'Some fields are not valid.', '部分字段无效。', '일부 항목이 올바르지 않습니다.', '入力内容に誤りがあります。'),
  BAD_REQUEST: e(400, 'The request could not be read.', '请求无法解析。', '요청을 읽을 수 없습니다.', 'リクエストを読み取れません。'),
  UNAUTHORIZED: e(401, 'Please log in again.', '请重新登录。', '다시 로그인해 주세요.', 'もう一度ログインしてください。'),
  FORBIDDEN: e(
    403,
    'You are not allowed to do this.',
    '您无权执行此操作。',
    '이 작업을 수행할 권한이 없습니다.',
    'この操作を行う権限がありません。',
  ),
  NOT_FOUND: e(404, 'Not found.', '未找到。', '찾을 수 없습니다.', '見つかりません。'),
  METHOD_NOT_ALLOWED: e(
    405,
    'This method is not allowed here.',
    '不允许此请求方法。',
    '허용되지 않는 요청 방식입니다.',
    'このメソッドは許可されていません。',
  ),
  PAYLOAD_TOO_LARGE: e(413, 'The request is too large.', '请求内容过大。', '요청이 너무 큽니다.', 'リクエストが大きすぎます。'),
  UNSUPPORTED_MEDIA_TYPE: e(
    415,
    'This content type is not supported.',
    '不支持该内容类型。',
    '지원하지 않는 콘텐츠 형식입니다.',
    'このコンテンツ形式には対応していません。',
  ),
  RATE_LIMITED: e(
    429,
    'Too many requests. Please try again later.',
    '请求过于频繁，请稍后再试。',
    '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    'リクエストが多すぎます。しばらくしてから再試行してください。',
  ),
  INTERNAL: e(
    500,
    'Something went wrong on our side. Please try again.',
    '服务器出错，请重试。',
    '서버 오류가 발생했습니다. 다시 시도해 주세요.',
    'サーバーでエラーが発生しました。もう一度お試しください。',
  ),
  SERVICE_UNAVAILABLE: e(
    503,
    'The service is temporarily unavailable.',
    '服务暂时不可用。',
    '서비스를 일시적으로 사용할 수 없습니다.',
    'サービスは一時的に利用できません。',
  ),
  AMOUNT_INVALID: e(400, 'Enter a valid amount.', '请输入正确的金额。', '올바른 금액을 입력해 주세요.', '正しい金額を入力してください。'),
  AMOUNT_NOT_POSITIVE: e(
    400,
    'The amount must be greater than 0.',
    '金额必须大于0。',
    '금액은 0보다 커야 합니다.',
    '金額は0より大きくしてください。',
  ),
  AMOUNT_TOO_PRECISE: e(
    400,
    'The amount has more decimal places than this currency allows.',
    '金额的小数位数超过该币种允许的位数。',
    '금액의 소수점 자릿수가 이 통화의 허용 범위를 초과합니다.',
    '金額の小数点以下の桁数がこの通貨の上限を超えています。',
  ),
  EMAIL_INVALID: e(
    400,
    'Enter a valid email address.',
    '请输入正确的邮箱地址。',
    '올바른 이메일 주소를 입력해 주세요.',
    '正しいメールアドレスを入力してください。',
  ),
  PASSWORD_TOO_WEAK: e(
    400,
    'The password needs at least 8 characters with letters and digits.',
    '密码至少8位，且须包含字母和数字。',
    '비밀번호는 문자와 숫자를 포함해 8자 이상이어야 합니다.',
    'パスワードは英字と数字を含む8文字以上にしてください。',
  ),
  PASSWORDS_DO_NOT_MATCH: e(
    400,
    'The passwords do not match.',
    '两次输入的密码不一致。',
    '비밀번호가 일치하지 않습니다.',
    'パスワードが一致しません。',
  ),
  CODE_FORMAT: e(
    400,
    'The verification code has 6 digits.',
    '验证码为6位数字。',
    '인증 코드는 6자리 숫자입니다.',
    '認証コードは6桁の数字です。',
  ),
  CODE_INVALID: e(
    400,
    'The verification code is wrong.',
    '验证码错误。',
    '인증 코드가 올바르지 않습니다.',
    '認証コードが正しくありません。',
  ),
  CODE_EXPIRED: e(
    400,
    'The verification code has expired or was already used. Ask for a new one.',
    '验证码已过期或已使用，请重新获取。',
    '인증 코드가 만료되었거나 이미 사용되었습니다. 새 코드를 요청해 주세요.',
    '認証コードの有効期限が切れたか、使用済みです。新しいコードを取得してください。',
  ),
  CODE_TOO_MANY_ATTEMPTS: e(
    400,
    'Too many wrong codes. Ask for a new one.',
    '验证码错误次数过多，请重新获取。',
    '잘못된 코드 입력이 너무 많습니다. 새 코드를 요청해 주세요.',
    '誤ったコードの入力が多すぎます。新しいコードを取得してください。',
  ),
  CODE_RESEND_TOO_SOON: e(
    429,
    'Please wait before asking for another code.',
    '请稍后再获取验证码。',
    '잠시 후 다시 코드를 요청해 주세요.',
    'しばらく待ってからコードを再取得してください。',
  ),
  EMAIL_TAKEN: e(
    409,
    'This email is already registered. Log in instead.',
    '该邮箱已注册，请直接登录。',
    '이미 가입된 이메일입니다. 로그인해 주세요.',
    'このメールアドレスは登録済みです。ログインしてください。',
  ),
  INVITE_CODE_UNKNOWN: e(
    400,
    'This invite code does not exist.',
    '邀请码不存在。',
    '존재하지 않는 초대 코드입니다.',
    'この招待コードは存在しません。',
  ),
  ADDRESS_REQUIRED: e(
    400,
    'Enter your wallet address.',
    '请输入钱包地址。',
    '지갑 주소를 입력해 주세요.',
    'ウォレットアドレスを入力してください。',
  ),
  ADDRESS_INVALID: e(
    400,
    'This is not a valid address for the chosen network.',
    '该地址不是所选网络的有效地址。',
    '선택한 네트워크의 올바른 주소가 아닙니다.',
    '選択したネットワークの有効なアドレスではありません。',
  ),
  ADDRESS_UNCHANGED: e(
    400,
    'This address is already bound.',
    '该地址已绑定。',
    '이미 연결된 주소입니다.',
    'このアドレスはすでに連携されています。',
  ),
  LOGIN_FAILED: e(
    400,
    'Login failed: the email or password is wrong.',
    '登录失败：邮箱或密码错误。',
    '로그인 실패: 이메일 또는 비밀번호가 올바르지 않습니다.',
    'ログイン失敗：メールアドレスまたはパスワードが正しくありません。',
  ),
  LOGIN_NOT_REGISTERED: e(
    400,
    'Login failed, please register first.',
    '登录失败，请先注册。',
    '로그인 실패, 먼저 회원가입해 주세요.',
    'ログイン失敗、先に登録してください。',
  ),
  PASSWORD_LOGIN_LOCKED: e(
    423,
    'Too many wrong passwords: password login is locked for 1 minute. You can still log in with an email code.',
    '密码错误次数过多，密码登录已锁定1分钟。您仍可使用邮箱验证码登录。',
    '비밀번호 오류가 너무 많아 비밀번호 로그인이 1분간 잠겼습니다. 이메일 코드로는 로그인할 수 있습니다.',
    'パスワードの誤りが多すぎるため、パスワードログインを1分間ロックしました。メールコードでのログインは引き続き可能です。',
  ),
  OLD_PASSWORD_WRONG: e(
    400,
    'The current password is wrong.',
    '原密码错误。',
    '현재 비밀번호가 올바르지 않습니다.',
    '現在のパスワードが正しくありません。',
  ),
  PROOF_REQUIRED: e(
    400,
    'Enter either your current password or an email code.',
    '请输入原密码或邮箱验证码其中之一。',
    '현재 비밀번호 또는 이메일 코드 중 하나를 입력해 주세요.',
    '現在のパスワードかメールコードのどちらかを入力してください。',
  ),
  PAYMENT_PASSWORD_FORMAT: e(
    400,
    'The payment password has 6 digits.',
    '支付密码为6位数字。',
    '결제 비밀번호는 6자리 숫자입니다.',
    '支払いパスワードは6桁の数字です。',
  ),
  PAYMENT_PASSWORD_NOT_SET: e(
    400,
    'Please set a payment password first.',
    '请先设置支付密码。',
    '먼저 결제 비밀번호를 설정해 주세요.',
    '先に支払いパスワードを設定してください。',
  ),
  PAYMENT_PASSWORD_WRONG: e(
    400,
    'The payment password is wrong.',
    '支付密码错误。',
    '결제 비밀번호가 올바르지 않습니다.',
    '支払いパスワードが正しくありません。',
  ),
  PAYMENT_PASSWORD_LOCKED: e(
    423,
    'Too many wrong payment passwords: money movements are locked for 15 minutes.',
    '支付密码错误次数过多，资金操作已锁定15分钟。',
    '결제 비밀번호 오류가 너무 많아 자금 이동이 15분간 잠겼습니다.',
    '支払いパスワードの誤りが多すぎるため、資金の移動を15分間ロックしました。',
  ),
  PHONE_INVALID: e(
    400,
    'Enter a valid phone number.',
    '请输入正确的手机号。',
    '올바른 전화번호를 입력해 주세요.',
    '正しい電話番号を入力してください。',
  ),
  MAIL_SEND_FAILED: e(
    503,
    'The email could not be sent. Please try again.',
    '邮件发送失败，请重试。',
    '이메일을 보내지 못했습니다. 다시 시도해 주세요.',
    'メールを送信できませんでした。もう一度お試しください。',
  ),
  INSUFFICIENT_BALANCE: e(400, 'Insufficient balance.', '余额不足。', '잔액이 부족합니다.', '残高が不足しています。'),
  IDEMPOTENCY_KEY_REUSED: e(
    409,
    'This request key was already used for a different request.',
    '该请求标识已用于其他请求。',
    '이 요청 키는 이미 다른 요청에 사용되었습니다.',
    'このリクエストキーは別のリクエストで使用済みです。',
  ),
  AMOUNT_BELOW_MINIMUM: e(
    400,
    'The amount is below the minimum.',
    '金额低于最低限额。',
    '금액이 최소 금액보다 적습니다.',
    '金額が最低額を下回っています。',
  ),
  EXCHANGE_PAIR_UNSUPPORTED: e(
    400,
    'This exchange is not offered.',
    '不支持该兑换。',
    '지원하지 않는 환전입니다.',
    'この両替には対応していません。',
  ),
  QUOTE_NOT_FOUND: e(404, 'This quote does not exist.', '该报价不存在。', '존재하지 않는 견적입니다.', 'この見積もりは存在しません。'),
  QUOTE_EXPIRED: e(
    409,
    'The quote expired. Please get a new quote.',
    '报价已过期，请重新获取报价。',
    '견적이 만료되었습니다. 새 견적을 받아 주세요.',
    '見積もりの有効期限が切れました。新しい見積もりを取得してください。',
  ),
  RECIPIENT_NOT_FOUND: e(
    404,
    'No user has this UID.',
    '没有该UID的用户。',
    '해당 UID의 사용자가 없습니다.',
    'このUIDのユーザーはいません。',
  ),
  TRANSFER_TO_SELF: e(
    400,
    'You cannot transfer to yourself.',
    '不能转账给自己。',
    '본인에게는 이체할 수 없습니다.',
    '自分自身には送金できません。',
  ),
  WITHDRAWAL_NOT_FOUND: e(
    404,
    'This withdrawal does not exist.',
    '该提现记录不存在。',
    '존재하지 않는 출금입니다.',
    'この出金は存在しません。',
  ),
  WITHDRAWAL_NOT_PENDING: e(
    409,
    'This withdrawal is no longer waiting for review.',
    '该提现已不在待审核状态。',
    '이 출금은 더 이상 검토 대기 상태가 아닙니다.',
    'この出金はすでに審査待ちではありません。',
  ),
  RECORD_NOT_FOUND: e(404, 'This record does not exist.', '该记录不存在。', '존재하지 않는 기록입니다.', 'この記録は存在しません。'),
  IDEMPOTENCY_KEY_REQUIRED: e(
    400,
    'This request needs an Idempotency-Key header.',
    '该请求需要 Idempotency-Key 请求头。',
    '이 요청에는 Idempotency-Key 헤더가 필요합니다.',
    'このリクエストには Idempotency-Key ヘッダーが必要です。',
  ),
  IDEMPOTENCY_IN_PROGRESS: e(
    409,
    'The same request is still being processed.',
    '相同的请求仍在处理中。',
    '같은 요청을 아직 처리하고 있습니다.',
    '同じリクエストをまだ処理しています。',
  ),
  SESSION_NOT_FOUND: e(
    404,
    'This session no longer exists.',
    '该登录会话已不存在。',
    '해당 세션이 더 이상 존재하지 않습니다.',
    'このセッションは既に存在しません。',
  ),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code].message[language];
}

export const fieldIssueSchema = z.object({
  path: z.string().describe('Dotted path of the failing field, e.g. "body.amount"'),
  code: z.string().describe('Machine-readable reason'),
  message: z.string().describe("Reason in the request's language"),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The one shape of every error reply. */
export const errorReplySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z
        .object({ fields: z.array(fieldIssueSchema).optional() })
        .catchall(z.unknown())
        .optional(),
    }),
  })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReplySchema>;
