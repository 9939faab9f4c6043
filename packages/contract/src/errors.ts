import { z } from 'zod';
import { ADDRESS_BOOK_ERRORS } from './address-book-errors';
import { AMOUNT_ERRORS } from './amount-errors';
import { APP_ERRORS } from './app-errors';
import { APP_LOCK_ERRORS } from './app-lock-errors';
import { BOOKS_ERRORS } from './books-errors';
import { CARD_CONTROLS_ERRORS } from './card-controls-errors';
import { CARD_MONEY_ERRORS } from './card-money-errors';
import { CONSOLE_AGENCY_ERRORS } from './console-agency-errors';
import { CONSOLE_AUTH_ERRORS } from './console-auth-errors';
import { CONSOLE_ERRORS } from './console-errors';
import { CONSOLE_READS_ERRORS } from './console-reads-errors';
import { type ErrorSpec, e } from './error-spec';
import { HELP_ERRORS } from './help-errors';
import { INPUT_ERRORS } from './input-errors';
import { KYC_ERRORS } from './kyc-errors';
import type { Language } from './languages';
import { NOTIFICATION_ERRORS } from './notification-errors';
import { PAYOUT_ERRORS } from './payout-errors';
import { PLACEMENT_ERRORS } from './placement-errors';
import { REWARD_SOURCES_ERRORS } from './reward-sources-errors';
import { REWARD_ERRORS } from './rewards-errors';
import { SECOND_FACTOR_ERRORS } from './second-factor-errors';
import { SECURITY_ERRORS } from './security-errors';
import { SESSION_ERRORS } from './session-errors';
import { STATEMENT_ERRORS } from './statement-errors';
import { TICKET_ERRORS } from './ticket-errors';

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
  ...AMOUNT_ERRORS,
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
    'Too many wrong passwords: password login is locked for now. You can still log in with an email code.',
    '密码错误次数过多，密码登录已暂时锁定。您仍可使用邮箱验证码登录。',
    '비밀번호 오류가 너무 많아 비밀번호 로그인이 잠시 잠겼습니다. 이메일 코드로는 로그인할 수 있습니다.',
    'パスワードの誤りが多すぎるため、パスワードログインを一時的にロックしました。メールコードでのログインは引き続き可能です。',
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
  TX_HASH_INVALID: e(
    400,
    'This is not a valid transaction hash for that network.',
    '该网络的交易哈希格式不正确。',
    '해당 네트워크의 올바른 거래 해시가 아닙니다.',
    'このネットワークの正しいトランザクションハッシュではありません。',
  ),
  TX_NOT_FOUND: e(
    404,
    'This transaction was not found on the chain yet. Try again in a minute.',
    '链上暂未找到该交易，请稍后再试。',
    '아직 체인에서 이 거래를 찾을 수 없습니다. 잠시 후 다시 시도해 주세요.',
    'このトランザクションはまだチェーン上に見つかりません。しばらくしてから再試行してください。',
  ),
  NETWORK_UNAVAILABLE: e(
    503,
    'Top-up and withdrawal on this network are not available right now.',
    '该网络的充值和提现暂不可用。',
    '이 네트워크의 입금과 출금은 현재 이용할 수 없습니다.',
    'このネットワークの入金と出金は現在ご利用いただけません。',
  ),
  DEPOSIT_NOT_FOUND: e(404, 'This deposit does not exist.', '该充值记录不存在。', '존재하지 않는 입금입니다.', 'この入金は存在しません。'),
  DEPOSIT_NOT_UNATTRIBUTED: e(
    409,
    'Only a deposit that belongs to nobody can be assigned.',
    '只能分配无归属的充值。',
    '주인이 없는 입금만 배정할 수 있습니다.',
    '帰属先のない入金のみ割り当てできます。',
  ),
  DEVCHAIN_NEEDS_BSC_ADDRESS: e(
    400,
    'Test ETH is sent from a BSC address: bind a BSC address to send it.',
    '测试ETH需从BSC地址发送：请先绑定BSC地址。',
    '테스트 ETH는 BSC 주소에서 보냅니다. 먼저 BSC 주소를 연결해 주세요.',
    'テスト用ETHはBSCアドレスから送られます。先にBSCアドレスを連携してください。',
  ),
  SESSION_NOT_FOUND: e(
    404,
    'This session no longer exists.',
    '该登录会话已不存在。',
    '해당 세션이 더 이상 존재하지 않습니다.',
    'このセッションは既に存在しません。',
  ),
  // Cards (ADR 0006).
  CARD_REQUIRED: e(400, 'Please open a card first.', '请先开卡。', '먼저 카드를 개설해 주세요.', '先にカードを開設してください。'),
  CARD_NOT_FOUND: e(404, 'This card does not exist.', '该卡不存在。', '존재하지 않는 카드입니다.', 'このカードは存在しません。'),
  CARD_PRODUCT_NOT_FOUND: e(
    404,
    'This card product is not offered.',
    '该卡种暂不提供。',
    '제공되지 않는 카드 상품입니다.',
    'このカード商品は提供されていません。',
  ),
  CARD_NOT_OPEN: e(
    400,
    'The card is not yet open.',
    '卡片尚未开通。',
    '카드가 아직 개설되지 않았습니다.',
    'カードはまだ開設されていません。',
  ),
  CARD_FROZEN: e(400, 'The card is frozen.', '卡片已冻结。', '카드가 동결되었습니다.', 'カードは凍結されています。'),
  CARD_OPENING_FAILED: e(
    502,
    'Card opening failed due to network fluctuation, fee refunded.',
    '网络波动导致开卡失败，费用已退回。',
    '네트워크 불안정으로 카드 개설에 실패했으며 수수료는 환불되었습니다.',
    'ネットワークの不具合によりカードの開設に失敗しました。手数料は返金されました。',
  ),
  CARD_DETAILS_ON_CARD: e(
    400,
    'Physical card details are viewed on the card itself.',
    '实体卡信息请查看卡片本身。',
    '실물 카드 정보는 카드에서 직접 확인해 주세요.',
    '物理カードの情報はカード本体でご確認ください。',
  ),
  SHIPPING_REQUIRED: e(
    400,
    'Enter the cardholder name, phone, address and recipient.',
    '请填写持卡人姓名、电话、地址和收件人。',
    '카드 소지자 이름, 전화번호, 주소, 수령인을 입력해 주세요.',
    'カード名義、電話番号、住所、受取人を入力してください。',
  ),
  RECHARGE_WHOLE_NUMBER: e(
    400,
    'Recharge whole numbers only.',
    '充值金额须为整数。',
    '충전 금액은 정수만 가능합니다.',
    'チャージ金額は整数で入力してください。',
  ),
  KYC_REQUIRED: e(400, 'Please complete KYC first.', '请先完成KYC认证。', '먼저 KYC 인증을 완료해 주세요.', '先にKYCを完了してください。'),
  KYC_IN_PROGRESS: e(409, 'Your KYC is being reviewed.', '您的KYC正在审核中。', 'KYC 심사가 진행 중입니다.', 'KYCは審査中です。'),
  KYC_ALREADY_PASSED: e(
    409,
    'Your KYC has already passed.',
    '您的KYC已通过。',
    'KYC가 이미 통과되었습니다.',
    'KYCは既に承認されています。',
  ),
  KYC_PHOTOS_MISSING: e(
    400,
    'Upload the document photos first.',
    '请先上传证件照片。',
    '먼저 신분증 사진을 업로드해 주세요.',
    '先に書類の写真をアップロードしてください。',
  ),
  KYC_PHOTO_INVALID: e(
    415,
    'Upload a JPEG, PNG or WebP photo.',
    '请上传JPEG、PNG或WebP格式的照片。',
    'JPEG, PNG 또는 WebP 사진을 업로드해 주세요.',
    'JPEG、PNG、WebPの写真をアップロードしてください。',
  ),
  KYC_PHOTO_TOO_LARGE: e(
    413,
    'The photo is too large (5 MB at most).',
    '照片过大（最多5MB）。',
    '사진이 너무 큽니다 (최대 5MB).',
    '写真が大きすぎます（最大5MB）。',
  ),
  KYC_DATES_INVALID: e(
    400,
    'Check the dates: the issue date cannot be in the future and the document must not have expired.',
    '请检查日期：签发日期不能晚于今天，证件也不能已过期。',
    '날짜를 확인해 주세요. 발급일은 오늘 이후일 수 없고, 만료된 신분증은 사용할 수 없습니다.',
    '日付を確認してください。発行日は今日より後にできず、有効期限が切れた書類は使えません。',
  ),
  HOLD_ALREADY_FINISHED: e(
    409,
    'This payment was already completed or returned.',
    '该笔款项已完成或已退回。',
    '이 결제는 이미 완료되었거나 반환되었습니다.',
    'このお支払いはすでに完了または返金されています。',
  ),
  CARD_OPERATION_NOT_FOUND: e(
    404,
    'This card transfer was not found.',
    '未找到该笔卡资金划转。',
    '이 카드 이체를 찾을 수 없습니다.',
    'このカードの入出金が見つかりません。',
  ),
  ISSUER_UNAVAILABLE: e(
    503,
    'The card service is temporarily unavailable. Please try again.',
    '卡服务暂时不可用，请重试。',
    '카드 서비스를 일시적으로 사용할 수 없습니다. 다시 시도해 주세요.',
    'カードサービスは一時的に利用できません。もう一度お試しください。',
  ),
  WEBHOOK_SIGNATURE_INVALID: e(
    401,
    'Bad webhook signature.',
    '回调签名无效。',
    '웹훅 서명이 올바르지 않습니다.',
    'Webhookの署名が不正です。',
  ),
  WEBHOOK_TIMESTAMP_STALE: e(
    401,
    'The webhook timestamp is too old or in the future.',
    '回调时间戳已过期或无效。',
    '웹훅 타임스탬프가 너무 오래되었거나 미래 시각입니다.',
    'Webhookのタイムスタンプが古すぎるか未来の時刻です。',
  ),
  WEBHOOK_REPLAYED: e(
    409,
    'This webhook delivery was already received.',
    '该回调已接收过。',
    '이미 수신한 웹훅입니다.',
    'このWebhookは受信済みです。',
  ),
  CARD_EVENT_TOO_EARLY: e(
    409,
    'The event refers to something not known yet; deliver it again later.',
    '事件引用的对象尚不存在，请稍后重发。',
    '아직 알 수 없는 대상을 참조하는 이벤트입니다. 나중에 다시 전송해 주세요.',
    '未知の対象を参照するイベントです。後で再送してください。',
  ),
  NAME_NOT_ENGLISH: e(
    400,
    'Enter names in English letters.',
    '姓名请使用英文字母。',
    '이름은 영문으로 입력해 주세요.',
    '氏名は英字で入力してください。',
  ),
  CARD_PIN_FORMAT: e(400, 'The card PIN is 6 digits.', '卡密码为6位数字。', '카드 PIN은 6자리 숫자입니다.', 'カードPINは6桁の数字です。'),
  // Physical card binding (ADR 0006).
  CARD_NUMBER_FORMAT: e(
    400,
    'Enter the 16-digit card number printed on the card.',
    '请输入卡片上印制的16位卡号。',
    '카드에 인쇄된 16자리 카드 번호를 입력해 주세요.',
    'カードに印字された16桁のカード番号を入力してください。',
  ),
  CARD_NUMBER_MISMATCH: e(
    400,
    'This card number does not match your card. Check the number printed on it.',
    '卡号与您的卡片不符，请核对卡片上印制的卡号。',
    '카드 번호가 회원님의 카드와 일치하지 않습니다. 카드에 인쇄된 번호를 확인해 주세요.',
    'カード番号がお客様のカードと一致しません。カードに印字された番号をご確認ください。',
  ),
  CARD_BIND_LOCKED: e(
    429,
    'Too many wrong card numbers. Binding is paused for a while.',
    '卡号错误次数过多，绑定已暂停。',
    '잘못된 카드 번호 입력이 너무 많아 등록이 잠시 중지되었습니다.',
    'カード番号の誤りが多すぎるため、登録を一時停止しています。',
  ),
  CARD_NOT_DELIVERED: e(
    409,
    'The card can be bound once it has been delivered.',
    '卡片签收后才能绑定。',
    '카드를 수령한 후에 등록할 수 있습니다.',
    'カードの受け取り後に登録できます。',
  ),
  CARD_NOT_PHYSICAL: e(
    400,
    'Only physical cards are bound by their card number.',
    '只有实体卡需要绑定卡号。',
    '실물 카드만 카드 번호로 등록합니다.',
    'カード番号で登録するのは物理カードのみです。',
  ),
  CARD_NOT_BOUND: e(
    400,
    'Bind the card number first.',
    '请先绑定卡号。',
    '먼저 카드 번호를 등록해 주세요.',
    '先にカード番号を登録してください。',
  ),
  ...PAYOUT_ERRORS,
  ...ADDRESS_BOOK_ERRORS,
  ...SECOND_FACTOR_ERRORS,
  ...SECURITY_ERRORS,
  ...APP_ERRORS,
  ...APP_LOCK_ERRORS,
  ...SESSION_ERRORS,
  ...NOTIFICATION_ERRORS,
  ...TICKET_ERRORS,
  ...CARD_MONEY_ERRORS,
  ...CONSOLE_ERRORS,
  ...CONSOLE_READS_ERRORS,
  ...CONSOLE_AUTH_ERRORS,
  ...CARD_CONTROLS_ERRORS,
  ...HELP_ERRORS,
  ...KYC_ERRORS,
  ...STATEMENT_ERRORS,
  ...INPUT_ERRORS,
  ...REWARD_ERRORS,
  ...REWARD_SOURCES_ERRORS,
  ...CONSOLE_AGENCY_ERRORS,
  ...PLACEMENT_ERRORS,
  ...BOOKS_ERRORS,
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
