import { e } from './error-spec';

/**
 * Errors of the withdrawal address book, the new-address delay and the account lock; part
 * of ERRORS. Refusals that end at a time carry it as details.until (ISO), which apps show after the
 * sentence in the member's own time.
 */
export const ADDRESS_BOOK_ERRORS = {
  ADDRESS_LABEL_REQUIRED: e(
    400,
    'Give the address a name of up to 40 characters.',
    '请为地址填写名称（最多40个字符）。',
    '주소 이름을 40자 이내로 입력해 주세요.',
    'アドレスの名前を40文字以内で入力してください。',
  ),
  ADDRESS_BOOK_VERIFICATION_REQUIRED: e(
    400,
    'Confirm with the emailed code or your payment password.',
    '请使用邮箱验证码或支付密码确认。',
    '이메일 인증 코드 또는 결제 비밀번호로 확인해 주세요.',
    'メールの認証コードまたは支払いパスワードで確認してください。',
  ),
  ADDRESS_BOOK_FULL: e(
    409,
    'Your address book is full (50 addresses). Delete one before saving another.',
    '地址簿已满（50个地址），请先删除一个再保存。',
    '주소록이 가득 찼습니다(50개). 하나를 삭제한 후 저장해 주세요.',
    'アドレス帳がいっぱいです（50件）。1件削除してから保存してください。',
  ),
  ADDRESS_ALREADY_SAVED: e(
    409,
    'This address is already in your address book for this network.',
    '该网络的这个地址已在您的地址簿中。',
    '이 네트워크의 해당 주소는 이미 주소록에 있습니다.',
    'このネットワークのこのアドレスは既にアドレス帳にあります。',
  ),
  SAVED_ADDRESS_NOT_FOUND: e(
    404,
    'This address is not in your address book.',
    '您的地址簿中没有这个地址。',
    '주소록에 없는 주소입니다.',
    'このアドレスはアドレス帳にありません。',
  ),
  WITHDRAW_ADDRESS_NOT_YET_USABLE: e(
    403,
    'This address was saved recently: for your safety it can receive withdrawals only once a waiting time after saving has passed.',
    '该地址为新保存的地址：为保障资金安全，保存后须等待一段时间才能向其提现。',
    '최근에 저장된 주소입니다. 안전을 위해 저장 후 대기 시간이 지나야 이 주소로 출금할 수 있습니다.',
    '最近保存したアドレスです。安全のため、保存から待機時間が経過するまでこのアドレスには出金できません。',
  ),
  WITHDRAW_ADDRESS_SAVED_WAIT: e(
    403,
    'This is a new address. We saved it to your address book and emailed you; for your safety it can receive withdrawals only once a waiting time has passed.',
    '这是一个新地址。我们已将其保存到您的地址簿并发送邮件通知您；为保障资金安全，须等待一段时间后才能向其提现。',
    '새 주소입니다. 주소록에 저장하고 이메일로 알려 드렸습니다. 안전을 위해 대기 시간이 지나야 이 주소로 출금할 수 있습니다.',
    '新しいアドレスです。アドレス帳に保存し、メールでお知らせしました。安全のため、待機時間が経過するまでこのアドレスには出金できません。',
  ),
  WITHDRAWALS_HELD_PASSWORD_CHANGED: e(
    403,
    'Your login password was changed recently: for your safety, withdrawals and flash exchange sells are paused for a while after the change.',
    '您最近修改了登录密码：为保障资金安全，修改后一段时间内暂停提现和闪兑。',
    '최근 로그인 비밀번호가 변경되었습니다. 안전을 위해 변경 후 일정 시간 동안 출금과 즉시 환전이 일시 중지됩니다.',
    '最近ログインパスワードが変更されました。安全のため、変更後しばらくの間、出金とクイック両替を停止しています。',
  ),
  WITHDRAWALS_HELD_PASSWORD_RESET: e(
    403,
    'Your login password was reset recently: for your safety, withdrawals and flash exchange sells are paused for a while after the reset.',
    '您最近重置了登录密码：为保障资金安全，重置后一段时间内暂停提现和闪兑。',
    '최근 로그인 비밀번호가 재설정되었습니다. 안전을 위해 재설정 후 일정 시간 동안 출금과 즉시 환전이 일시 중지됩니다.',
    '最近ログインパスワードが再設定されました。安全のため、再設定後しばらくの間、出金とクイック両替を停止しています。',
  ),
  WITHDRAWALS_HELD_ADDRESS_CHANGED: e(
    403,
    'Your bound wallet address was changed recently: for your safety, withdrawals and flash exchange sells are paused for a while after the change.',
    '您最近修改了绑定的钱包地址：为保障资金安全，修改后一段时间内暂停提现和闪兑。',
    '최근 연결된 지갑 주소가 변경되었습니다. 안전을 위해 변경 후 일정 시간 동안 출금과 즉시 환전이 일시 중지됩니다.',
    '最近連携ウォレットアドレスが変更されました。安全のため、変更後しばらくの間、出金とクイック両替を停止しています。',
  ),
  WITHDRAW_CODE_REQUIRED: e(
    400,
    'Enter the code we emailed you to confirm this withdrawal.',
    '请输入我们发送到您邮箱的验证码以确认此次提现。',
    '이 출금을 확인하려면 이메일로 받은 인증 코드를 입력해 주세요.',
    'この出金を確認するため、メールでお送りした認証コードを入力してください。',
  ),
  ACCOUNT_LOCKED: e(
    423,
    'Your account is locked for your protection: sign-in and money movements are blocked. Please contact support to unlock it.',
    '为保护您的资金，您的账户已被锁定：登录和资金操作均已停止。请联系客服解锁。',
    '자금 보호를 위해 계정이 잠겼습니다. 로그인과 자금 이동이 차단됩니다. 잠금을 해제하려면 고객센터에 문의해 주세요.',
    'お客様の保護のためアカウントをロックしました。ログインと資金の移動はできません。ロックの解除はサポートにお問い合わせください。',
  ),
  LOCK_LINK_INVALID: e(
    400,
    'This link is not valid or has expired. If you did not make the change, contact support at once.',
    '该链接无效或已过期。如果不是您本人操作，请立即联系客服。',
    '유효하지 않거나 만료된 링크입니다. 본인이 변경하지 않았다면 즉시 고객센터에 문의해 주세요.',
    'このリンクは無効か、有効期限が切れています。ご自身の操作でない場合は、すぐにサポートにお問い合わせください。',
  ),
  LOCK_LINK_USED: e(
    410,
    'This link has already been used. If your account is locked, contact support to unlock it.',
    '该链接已被使用。如果您的账户已被锁定，请联系客服解锁。',
    '이미 사용된 링크입니다. 계정이 잠겼다면 고객센터에 문의해 잠금을 해제해 주세요.',
    'このリンクは既に使用されています。アカウントがロックされている場合は、サポートに解除をご依頼ください。',
  ),
  ACCOUNT_NOT_LOCKED: e(
    409,
    'This account is not locked.',
    '该账户未被锁定。',
    '이 계정은 잠겨 있지 않습니다.',
    'このアカウントはロックされていません。',
  ),
  UNLOCK_NOTE_REQUIRED: e(
    400,
    'Write a note of at least 3 characters saying how the member was verified.',
    '请填写至少3个字符的备注，说明如何核实了会员身份。',
    '회원 확인 방법을 3자 이상 메모로 남겨 주세요.',
    '会員の確認方法を3文字以上のメモで記入してください。',
  ),
} as const;
