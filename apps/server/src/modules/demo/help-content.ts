import type { HelpArticleKind, HelpCategoryIcon, HelpContactKind, Language } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { PerLanguage } from '../../platform/db/schema-help';
import { addMissingContent } from '../help/service';

/*
 * Demo content of the help centre for a local `npm start`: announcements (one of them a pop-up), FAQ in
 * four categories, guides, and the support contacts. Fixed ids, so a restart adds only what is missing
 * and never overwrites what an operator changed. Every article is written in all four languages; a
 * language added to an article here later is added to a database seeded before, unless that
 * language's text is there already (an operator's edit stays).
 */

type Texts = Partial<Record<Language, { title: string; body: string }>>;

interface DemoArticle {
  id: string;
  kind: HelpArticleKind;
  category?: string;
  popup?: boolean;
  pinned?: boolean;
  sort?: number;
  /** Days before the seed that it was published, for a believable order of announcements. */
  daysAgo: number;
  related?: string[];
  texts: Texts;
}

const id = (n: number) => `5e1f0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const DEMO_HELP_IDS = {
  categories: { account: id(101), deposit: id(102), card: id(103), exchange: id(104) },
  securityNotice: id(1),
  flashExchangeLaunch: id(2),
  ticketsLaunch: id(3),
  payPassword: id(11),
  forgotPassword: id(12),
  loginLocked: id(13),
  topUpNetworks: id(21),
  topUpTime: id(22),
  withdrawalReview: id(23),
  openCard: id(31),
  rechargeCard: id(32),
  physicalArrived: id(33),
  flashExchange: id(41),
  flashRejected: id(42),
  topUpGuide: id(51),
  securityGuide: id(52),
  cardAbroadGuide: id(53),
} as const;
const ID = DEMO_HELP_IDS;

const CATEGORIES: Array<{ id: string; icon: HelpCategoryIcon; sort: number; names: PerLanguage }> = [
  {
    id: ID.categories.account,
    icon: 'security',
    sort: 1,
    names: { en: 'Account & security', zh: '账户与安全', ko: '계정 및 보안', ja: 'アカウントとセキュリティ' },
  },
  {
    id: ID.categories.deposit,
    icon: 'deposit',
    sort: 2,
    names: { en: 'Top-up & withdrawal', zh: '充值与提现', ko: '충전 및 출금', ja: '入金と出金' },
  },
  { id: ID.categories.card, icon: 'card', sort: 3, names: { en: 'Cards', zh: '卡片', ko: '카드', ja: 'カード' } },
  {
    id: ID.categories.exchange,
    icon: 'exchange',
    sort: 4,
    names: { en: 'Flash exchange', zh: '闪兑', ko: '즉시 환전', ja: 'クイック両替' },
  },
];

const ARTICLES: DemoArticle[] = [
  // ---- Announcements ----------------------------------------------------------------------------------
  {
    id: ID.securityNotice,
    kind: 'announcement',
    popup: true,
    pinned: true,
    daysAgo: 1,
    related: [ID.securityGuide],
    texts: {
      en: {
        title: 'Security notice: we never ask for your codes',
        body: `SBC Wallet staff will **never** ask you for your login password, your 6-digit payment password or the verification codes we email you: not by phone, not in a chat, not in a ticket.

- Use only the official app and the contacts listed under [Contact support](#/pages/service/index).
- If someone claims to be from SBC Wallet and asks for a code, stop and report it in a support ticket.
- Check **Settings → Signed-in devices** now and then, and sign out any device you do not recognise.

Thank you for helping us keep your account safe.`,
      },
      zh: {
        title: '安全提醒：我们绝不会索要您的验证码',
        body: `SBC Wallet 工作人员**绝不会**向您索要登录密码、6位支付密码或发送到您邮箱的验证码，无论是通过电话、聊天还是工单。

- 请只使用官方应用，以及[联系客服](#/pages/service/index)页面列出的联系方式。
- 如有人自称 SBC Wallet 工作人员并索要验证码，请立即停止操作，并通过工单向我们举报。
- 请定期在 **设置 → 已登录设备** 中检查，退出任何您不认识的设备。

感谢您与我们一起守护账户安全。`,
      },
      ko: {
        title: '보안 안내: 인증 코드를 절대 요청하지 않습니다',
        body: `SBC Wallet 직원은 로그인 비밀번호, 6자리 결제 비밀번호, 이메일로 보내 드린 인증 코드를 **절대** 요청하지 않습니다. 전화, 채팅, 문의 티켓 어디에서도 마찬가지입니다.

- 공식 앱과 [고객 지원](#/pages/service/index)에 안내된 연락처만 이용해 주세요.
- SBC Wallet 직원이라며 코드를 요구하는 사람이 있다면 즉시 중단하고 문의 티켓으로 신고해 주세요.
- **설정 → 로그인된 기기**를 정기적으로 확인하고, 모르는 기기는 로그아웃해 주세요.

계정을 안전하게 지키는 데 함께해 주셔서 감사합니다.`,
      },
      ja: {
        title: 'セキュリティのお知らせ：認証コードをお尋ねすることはありません',
        body: `SBC Wallet のスタッフが、ログインパスワード、6桁の支払いパスワード、メールでお送りした認証コードをお尋ねすることは**一切ありません**。電話、チャット、お問い合わせチケットのいずれでも同様です。

- 公式アプリと[サポート窓口](#/pages/service/index)に記載の連絡先のみをご利用ください。
- SBC Wallet を名乗ってコードを求める人がいた場合は、操作を中止し、お問い合わせチケットでご報告ください。
- **設定 → ログイン中の端末**を定期的に確認し、心当たりのない端末はログアウトしてください。

アカウントの安全へのご協力をありがとうございます。`,
      },
    },
  },
  {
    id: ID.flashExchangeLaunch,
    kind: 'announcement',
    daysAgo: 6,
    related: [ID.flashExchange, ID.flashRejected],
    texts: {
      en: {
        title: 'Flash exchange: sell USDT for CNY to your own Alipay or bank card',
        body: `You can now sell USDT and receive Chinese yuan (CNY) directly in your own Alipay account or Chinese bank card.

1. Open **Flash exchange** on the home screen.
2. Add a receiving account in your own name.
3. Enter the amount, check the quote and confirm with your payment password.

A quote holds its price for 30 seconds. Your USDT is held while the payout is made; if the payout is rejected, the full amount returns to your wallet. The limits per order and per day are shown on the exchange screen.`,
      },
      zh: {
        title: '闪兑上线：卖出 USDT，人民币直接到账本人支付宝或银行卡',
        body: `现在您可以卖出 USDT，人民币将直接打入您本人的支付宝账户或国内银行卡。

1. 在首页打开 **闪兑**。
2. 添加一个本人名下的收款账户。
3. 输入金额，确认报价后使用支付密码确认。

报价有效期为30秒。出款期间您的 USDT 将被冻结；如出款被拒绝，全部金额将退回您的钱包。单笔及每日限额以兑换页面显示为准。`,
      },
      ko: {
        title: '즉시 환전 출시: USDT를 팔고 본인 명의 알리페이나 은행 카드로 위안화를 받으세요',
        body: `이제 USDT를 판매하고 위안화(CNY)를 본인 명의의 알리페이 계정이나 중국 은행 카드로 바로 받을 수 있습니다.

1. 홈 화면에서 **즉시 환전**을 엽니다.
2. 본인 명의의 수취 계정을 추가합니다.
3. 금액을 입력하고 견적을 확인한 뒤 결제 비밀번호로 확정합니다.

견적 가격은 30초 동안 유지됩니다. 지급이 진행되는 동안 USDT는 보류되며, 지급이 거절되면 전액이 지갑으로 돌아옵니다. 1회 및 1일 한도는 환전 화면에서 확인할 수 있습니다.`,
      },
      ja: {
        title: 'クイック両替を開始：USDTを売却し、ご本人名義のAlipayや銀行カードで人民元を受け取れます',
        body: `USDT を売却し、人民元（CNY）をご本人名義の Alipay アカウントまたは中国の銀行カードで直接受け取れるようになりました。

1. ホーム画面で**クイック両替**を開きます。
2. ご本人名義の受取口座を追加します。
3. 金額を入力し、見積もりを確認して支払いパスワードで確定します。

見積もりの価格は30秒間有効です。支払いの処理中は USDT が保留され、支払いが拒否された場合は全額がウォレットに戻ります。1回あたり・1日あたりの上限は両替画面に表示されます。`,
      },
    },
  },
  {
    id: ID.ticketsLaunch,
    kind: 'announcement',
    daysAgo: 12,
    texts: {
      en: {
        title: 'Contact support from the app with tickets',
        body: `A question about a deposit, a card or an order? Open **Contact support** in the help centre and create a ticket under [My support tickets](#/pages/workOrder/index). Add the details we need, and the app tells you when we answer.

Our team answers every day from 09:00 to 21:00 (UTC+8), usually within a few hours.`,
      },
      zh: {
        title: '现在可在应用内通过工单联系客服',
        body: `对充值、卡片或订单有疑问？在帮助中心打开 **联系客服**，并在[我的工单](#/pages/workOrder/index)中提交工单。请附上我们需要的信息，客服回复后应用会通知您。

客服每天 09:00 至 21:00（UTC+8）在线，通常在几小时内回复。`,
      },
      ko: {
        title: '이제 앱에서 문의 티켓으로 고객 지원에 연락할 수 있습니다',
        body: `입금, 카드, 주문에 관해 궁금한 점이 있으신가요? 도움말 센터에서 **고객 지원**을 열고 [내 문의 티켓](#/pages/workOrder/index)에서 티켓을 만들어 주세요. 필요한 내용을 함께 남겨 주시면, 답변이 등록될 때 앱에서 알려 드립니다.

상담팀은 매일 09:00~21:00(UTC+8)에 답변하며, 보통 몇 시간 안에 답변 드립니다.`,
      },
      ja: {
        title: 'アプリからお問い合わせチケットでサポートに連絡できるようになりました',
        body: `入金、カード、注文についてご不明な点はありませんか？ヘルプセンターの**サポート窓口**を開き、[お問い合わせチケット](#/pages/workOrder/index)からチケットを作成してください。必要な情報を添えていただくと、回答があったときにアプリでお知らせします。

サポートチームは毎日 09:00〜21:00（UTC+8）に対応しており、通常は数時間以内にご回答します。`,
      },
    },
  },

  // ---- FAQ: account and security ------------------------------------------------------------------------
  {
    id: ID.payPassword,
    kind: 'faq',
    category: ID.categories.account,
    sort: 1,
    daysAgo: 30,
    related: [ID.securityGuide],
    texts: {
      en: {
        title: 'How do I set or change my payment password?',
        body: `Your payment password is a **6-digit** code that confirms withdrawals, transfers, card recharges and flash exchanges. It is not your login password.

1. Go to **Account → Payment password**.
2. Enter the verification code we send to your email.
3. Type the new 6 digits twice and save.

After too many wrong payment passwords, money movements are locked for 15 minutes to protect your funds.`,
      },
      zh: {
        title: '如何设置或修改支付密码？',
        body: `支付密码是一个**6位数字**密码，用于确认提现、转账、卡片充值和闪兑，与登录密码不同。

1. 进入 **我的 → 支付密码**。
2. 输入发送到您邮箱的验证码。
3. 输入两次新的6位数字并保存。

支付密码连续输错次数过多时，为保护您的资金，资金操作将锁定15分钟。`,
      },
      ko: {
        title: '결제 비밀번호는 어떻게 설정하거나 변경하나요?',
        body: `결제 비밀번호는 출금, 이체, 카드 충전, 즉시 환전을 확인하는 **6자리 숫자**입니다. 로그인 비밀번호와는 다릅니다.

1. **내 계정 → 결제 비밀번호**로 이동합니다.
2. 이메일로 받은 인증 코드를 입력합니다.
3. 새 6자리 숫자를 두 번 입력하고 저장합니다.

결제 비밀번호를 여러 번 잘못 입력하면 자금 보호를 위해 자금 이동이 15분간 잠깁니다.`,
      },
      ja: {
        title: '支払いパスワードの設定・変更方法を教えてください',
        body: `支払いパスワードは、出金、送金、カードへのチャージ、クイック両替を確定する**6桁の数字**です。ログインパスワードとは別のものです。

1. **アカウント → 支払いパスワード**を開きます。
2. メールに届いた認証コードを入力します。
3. 新しい6桁の数字を2回入力して保存します。

支払いパスワードを何度も間違えると、資金保護のため資金の移動が15分間ロックされます。`,
      },
    },
  },
  {
    id: ID.forgotPassword,
    kind: 'faq',
    category: ID.categories.account,
    sort: 2,
    daysAgo: 30,
    related: [ID.loginLocked, ID.securityGuide],
    texts: {
      en: {
        title: 'I forgot my login password. What can I do?',
        body: `On the login page, tap **Forgot password?**, enter your email and the code we send you, then choose a new password of at least 8 characters with letters and digits. Once it is reset, your other devices are signed out.

If you only need to get in, **Log in with an email code** works without a password.`,
      },
      zh: {
        title: '忘记登录密码怎么办？',
        body: `在登录页点击 **忘记密码？**，输入邮箱和我们发送的验证码，然后设置一个至少8位、包含字母和数字的新密码。重置后，您的其他设备将被退出登录。

如果只是想先登录，也可以使用 **邮箱验证码登录**，无需密码。`,
      },
      ko: {
        title: '로그인 비밀번호를 잊어버렸어요',
        body: `로그인 화면에서 **비밀번호를 잊으셨나요?**를 누르고 이메일과 받은 인증 코드를 입력한 뒤, 문자와 숫자를 포함한 8자 이상의 새 비밀번호를 설정해 주세요. 재설정하면 다른 기기는 로그아웃됩니다.

바로 로그인만 하려면 비밀번호 없이 **이메일 코드로 로그인**을 이용할 수 있습니다.`,
      },
      ja: {
        title: 'ログインパスワードを忘れました',
        body: `ログイン画面で**パスワードをお忘れの方**をタップし、メールアドレスと届いた認証コードを入力して、英字と数字を含む8文字以上の新しいパスワードを設定してください。再設定すると、他の端末はログアウトされます。

すぐにログインしたいだけなら、パスワードなしで**メールコードでログイン**も使えます。`,
      },
    },
  },
  {
    id: ID.loginLocked,
    kind: 'faq',
    category: ID.categories.account,
    sort: 3,
    daysAgo: 30,
    related: [ID.forgotPassword, ID.securityGuide],
    texts: {
      en: {
        title: 'Why is password login locked?',
        body: `After several wrong passwords in a row, password login pauses for **1 minute** so nobody can guess it. You can still log in at once with an email code.

If it was not you trying to log in, change your password and check **Settings → Signed-in devices**.`,
      },
      zh: {
        title: '为什么密码登录被锁定了？',
        body: `连续多次输错密码后，为防止他人猜测密码，密码登录将暂停 **1分钟**。您仍可立即使用邮箱验证码登录。

如果不是您本人在尝试登录，请修改密码，并检查 **设置 → 已登录设备**。`,
      },
      ko: {
        title: '비밀번호 로그인이 잠긴 이유는 무엇인가요?',
        body: `비밀번호를 연속으로 여러 번 틀리면, 다른 사람이 추측하지 못하도록 비밀번호 로그인이 **1분** 동안 중지됩니다. 이메일 코드로는 바로 로그인할 수 있습니다.

본인이 로그인을 시도하지 않았다면 비밀번호를 변경하고 **설정 → 로그인된 기기**를 확인해 주세요.`,
      },
      ja: {
        title: 'パスワードでログインできなくなったのはなぜですか？',
        body: `パスワードを続けて何度も間違えると、第三者による推測を防ぐため、パスワードログインが**1分間**停止されます。メールコードなら、すぐにログインできます。

ご自身でログインを試していない場合は、パスワードを変更し、**設定 → ログイン中の端末**を確認してください。`,
      },
    },
  },

  // ---- FAQ: top-up and withdrawal -----------------------------------------------------------------------
  {
    id: ID.topUpNetworks,
    kind: 'faq',
    category: ID.categories.deposit,
    sort: 1,
    daysAgo: 30,
    related: [ID.topUpGuide, ID.topUpTime],
    texts: {
      en: {
        title: 'Which networks can I top up USDT on?',
        body: `USDT can be topped up on **TRON (TRC20)** and **BNB Smart Chain (BEP20)**.

- Send only from the wallet address bound to your account, on the same network.
- Send only USDT to a USDT deposit address.

A deposit from another address or on another network cannot be matched to you automatically and may be lost. If that happened, contact support with the transaction hash.`,
      },
      zh: {
        title: 'USDT 可以通过哪些网络充值？',
        body: `USDT 支持通过 **TRON (TRC20)** 和 **BNB 智能链 (BEP20)** 充值。

- 请仅使用账户绑定的钱包地址，并在同一网络上转账。
- USDT 充值地址只能接收 USDT。

从其他地址或其他网络转入的资金无法自动匹配到您的账户，可能会丢失。如已发生，请带上交易哈希联系客服。`,
      },
      ko: {
        title: 'USDT는 어떤 네트워크로 충전할 수 있나요?',
        body: `USDT는 다음 두 네트워크로 충전할 수 있습니다: **TRON (TRC20)**, **BNB 스마트 체인 (BEP20)**.

- 계정에 연결된 지갑 주소에서, 같은 네트워크로만 보내 주세요.
- USDT 입금 주소로는 USDT만 보내 주세요.

다른 주소나 다른 네트워크에서 보낸 입금은 자동으로 회원님 계정과 연결되지 않으며 분실될 수 있습니다. 이미 그렇게 보냈다면 거래 해시와 함께 고객 지원에 문의해 주세요.`,
      },
      ja: {
        title: 'USDT はどのネットワークで入金できますか？',
        body: `USDT は **TRON (TRC20)** と **BNB スマートチェーン (BEP20)** で入金できます。

- アカウントに連携したウォレットアドレスから、同じネットワークで送金してください。
- USDT の入金アドレスには USDT のみを送ってください。

他のアドレスや他のネットワークからの入金は自動でお客様に照合できず、失われる可能性があります。その場合は、トランザクションハッシュを添えてサポートにご連絡ください。`,
      },
    },
  },
  {
    id: ID.topUpTime,
    kind: 'faq',
    category: ID.categories.deposit,
    sort: 2,
    daysAgo: 30,
    related: [ID.topUpGuide, ID.topUpNetworks],
    texts: {
      en: {
        title: 'How long does a top-up take?',
        body: `A top-up is credited automatically once the network has confirmed it a few times, usually within minutes. The top-up page lists each deposit and its confirmations under **My deposits**.

Sent already but nothing shows? Paste the transaction hash under **Sent already? Check your transaction** on the top-up page. Top-ups are limited in number per day; any more are credited on the next day.`,
      },
      zh: {
        title: '充值多久到账？',
        body: `网络确认数次后，充值会自动入账，通常只需几分钟。充值页面的 **我的充值** 会列出每笔充值及其确认进度。

已经转账但没有显示？请在充值页面的 **已经转账？查询您的交易** 中粘贴交易哈希。每天的充值笔数有上限，超出的部分将在次日入账。`,
      },
      ko: {
        title: '충전은 얼마나 걸리나요?',
        body: `네트워크에서 몇 차례 확인되면 충전은 자동으로 반영되며, 보통 몇 분이면 충분합니다. 충전 화면의 **내 입금**에서 각 입금과 확인 진행 상황을 볼 수 있습니다.

이미 보냈는데 보이지 않나요? 충전 화면의 **이미 보내셨나요? 거래를 확인하세요**에 거래 해시를 붙여 넣어 주세요. 하루 충전 횟수에는 한도가 있으며, 초과분은 다음 날 반영됩니다.`,
      },
      ja: {
        title: '入金にはどのくらい時間がかかりますか？',
        body: `ネットワークで数回承認されると、入金は自動的に反映されます。通常は数分です。入金画面の**入金履歴**で、各入金と承認の進み具合を確認できます。

送金したのに表示されない場合は、入金画面の**送金済みですか？取引を確認**にトランザクションハッシュを貼り付けてください。1日の入金回数には上限があり、超えた分は翌日に反映されます。`,
      },
    },
  },
  {
    id: ID.withdrawalReview,
    kind: 'faq',
    category: ID.categories.deposit,
    sort: 3,
    daysAgo: 30,
    related: [ID.securityGuide],
    texts: {
      en: {
        title: 'Why is my withdrawal waiting for review?',
        body: `To protect your funds, some withdrawals are checked by our team before they are sent. The amount is held from your balance meanwhile, and you can follow each step under **My withdrawals**.

Most reviews finish within a few hours during opening hours. If a withdrawal is rejected, the amount held returns to your wallet in full.`,
      },
      zh: {
        title: '为什么我的提现在等待审核？',
        body: `为保护您的资金，部分提现在发出前会由我们的团队审核。审核期间该金额会从余额中冻结，您可以在 **我的提现** 中查看每一步进度。

在服务时间内，大多数审核会在几小时内完成。如提现被拒绝，冻结的金额将全额退回您的钱包。`,
      },
      ko: {
        title: '출금이 검토 대기 중인 이유는 무엇인가요?',
        body: `자금을 보호하기 위해 일부 출금은 전송 전에 저희 팀이 확인합니다. 그동안 해당 금액은 잔액에서 보류되며, **내 출금 내역**에서 각 단계를 확인할 수 있습니다.

대부분의 검토는 운영 시간 중 몇 시간 안에 끝납니다. 출금이 거절되면 보류된 금액은 전액 지갑으로 돌아옵니다.`,
      },
      ja: {
        title: '出金が審査待ちになっているのはなぜですか？',
        body: `お客様の資金を守るため、一部の出金は送金前に当社チームが確認します。その間、金額は残高から保留され、**出金履歴**で各ステップを確認できます。

ほとんどの審査は営業時間内であれば数時間以内に完了します。出金が拒否された場合、保留された金額は全額ウォレットに戻ります。`,
      },
    },
  },

  // ---- FAQ: cards ---------------------------------------------------------------------------------------
  {
    id: ID.openCard,
    kind: 'faq',
    category: ID.categories.card,
    sort: 1,
    daysAgo: 30,
    related: [ID.physicalArrived, ID.cardAbroadGuide],
    texts: {
      en: {
        title: 'How do I open a card?',
        body: `Open the **Card pack** tab and choose a card. Its opening fee and monthly fee are shown before you pay, and they are paid from your wallet.

- **Virtual cards** can be used online as soon as they are open.
- **Physical cards** need identity verification (KYC) first. The review takes 2 to 3 business days; the card is then made and sent to you.`,
      },
      zh: {
        title: '如何开卡？',
        body: `打开 **卡包** 页面并选择一张卡。开卡费和月费会在付款前显示，并从您的钱包中扣除。

- **虚拟卡** 开通后即可用于线上消费。
- **实体卡** 需先完成身份认证（KYC），审核需要2至3个工作日，之后卡片将制作并寄送给您。`,
      },
      ko: {
        title: '카드는 어떻게 발급하나요?',
        body: `**카드 지갑** 탭을 열고 카드를 선택하세요. 발급 수수료와 월 수수료는 결제 전에 표시되며, 지갑에서 결제됩니다.

- **가상 카드**는 발급되는 즉시 온라인에서 사용할 수 있습니다.
- **실물 카드**는 먼저 본인 인증(KYC)이 필요합니다. 심사는 영업일 기준 2~3일이 걸리며, 이후 카드가 제작되어 발송됩니다.`,
      },
      ja: {
        title: 'カードはどうやって作りますか？',
        body: `**カードケース**タブを開き、カードを選んでください。発行手数料と月額手数料はお支払い前に表示され、ウォレットから支払われます。

- **バーチャルカード**は発行後すぐにオンラインで使えます。
- **物理カード**は先に本人確認（KYC）が必要です。審査には2〜3営業日かかり、その後カードが作成・発送されます。`,
      },
    },
  },
  {
    id: ID.rechargeCard,
    kind: 'faq',
    category: ID.categories.card,
    sort: 2,
    daysAgo: 30,
    related: [ID.cardAbroadGuide],
    texts: {
      en: {
        title: 'How do I recharge my card?',
        body: `On the card page, tap **Recharge**, enter a whole amount at or above the minimum and confirm with your payment password. The fee and the amount that reaches the card are shown before you confirm.

While the card service confirms it, the money is held: it either arrives on the card or goes back to your wallet. It is never taken twice.`,
      },
      zh: {
        title: '如何给卡片充值？',
        body: `在卡片页面点击 **充值**，输入不低于最低金额的整数金额，并使用支付密码确认。确认前会显示手续费和实际到卡金额。

卡服务确认期间，资金会被冻结：要么到账卡片，要么退回您的钱包，绝不会被重复扣款。`,
      },
      ko: {
        title: '카드는 어떻게 충전하나요?',
        body: `카드 화면에서 **충전**을 누르고 최소 금액 이상의 정수 금액을 입력한 뒤 결제 비밀번호로 확인하세요. 확인 전에 수수료와 카드에 들어가는 금액이 표시됩니다.

카드 서비스가 확인하는 동안 금액은 보류되며, 카드에 입금되거나 지갑으로 돌아옵니다. 두 번 차감되는 일은 없습니다.`,
      },
      ja: {
        title: 'カードにチャージするには？',
        body: `カードの画面で**チャージ**をタップし、最低額以上の整数の金額を入力して、支払いパスワードで確定してください。確定前に手数料とカードに入る金額が表示されます。

カードサービスが確認している間、お金は保留されます。カードに入金されるか、ウォレットに戻るかのどちらかで、二重に引き落とされることはありません。`,
      },
    },
  },
  {
    id: ID.physicalArrived,
    kind: 'faq',
    category: ID.categories.card,
    sort: 3,
    daysAgo: 30,
    related: [ID.openCard],
    texts: {
      en: {
        title: 'My physical card has arrived. What now?',
        body: `Bind it first: open the card in the **Card pack** and enter the 16-digit number printed on it. Then set the card's 6-digit PIN to pay in shops.

A card can be bound once its delivery is confirmed and your KYC has passed.`,
      },
      zh: {
        title: '实体卡已收到，接下来怎么做？',
        body: `请先绑定：在 **卡包** 中打开该卡，输入卡片上印制的16位卡号。然后设置6位卡密码，即可在商店刷卡消费。

卡片签收且 KYC 审核通过后即可绑定。`,
      },
      ko: {
        title: '실물 카드를 받았어요. 이제 무엇을 하나요?',
        body: `먼저 카드를 등록하세요. **카드 지갑**에서 카드를 열고 카드에 인쇄된 16자리 번호를 입력합니다. 그다음 매장에서 결제할 수 있도록 6자리 카드 PIN을 설정하세요.

카드 수령이 확인되고 KYC가 통과되면 등록할 수 있습니다.`,
      },
      ja: {
        title: '物理カードが届きました。次に何をすればいいですか？',
        body: `まずカードを登録してください。**カードケース**でカードを開き、カードに印字された16桁の番号を入力します。次に、お店で支払えるよう6桁のカードPINを設定してください。

カードの受け取りが確認され、KYC が承認されると登録できます。`,
      },
    },
  },

  // ---- FAQ: flash exchange ------------------------------------------------------------------------------
  {
    id: ID.flashExchange,
    kind: 'faq',
    category: ID.categories.exchange,
    sort: 1,
    daysAgo: 6,
    related: [ID.flashRejected, ID.flashExchangeLaunch],
    texts: {
      en: {
        title: 'What is flash exchange?',
        body: `Flash exchange sells USDT for Chinese yuan (CNY) paid to **your own** Alipay account or bank card. The receiving account must be in your name: the same name as on your verified card KYC, if you have one.

A quote holds its price for 30 seconds. The limits per order and per day, the fee and the rate are shown before you confirm.`,
      },
      zh: {
        title: '什么是闪兑？',
        body: `闪兑是将 USDT 卖出换成人民币（CNY），并打入**您本人**的支付宝账户或银行卡。收款账户必须是您本人名下，如您已完成卡片实名认证，姓名须与认证一致。

报价有效期为30秒。单笔和每日限额、手续费及汇率都会在确认前显示。`,
      },
      ko: {
        title: '즉시 환전이란 무엇인가요?',
        body: `즉시 환전은 USDT를 팔아 위안화(CNY)를 **본인 명의**의 알리페이 계정이나 은행 카드로 받는 서비스입니다. 수취 계정은 본인 명의여야 하며, 카드 KYC를 완료했다면 그 이름과 같아야 합니다.

견적 가격은 30초 동안 유지됩니다. 1회 및 1일 한도, 수수료, 환율은 확정 전에 표시됩니다.`,
      },
      ja: {
        title: 'クイック両替とは何ですか？',
        body: `クイック両替は、USDT を売却して人民元（CNY）を**ご本人名義**の Alipay アカウントまたは銀行カードで受け取るサービスです。受取口座はご本人名義である必要があり、カードの KYC がお済みの場合はその氏名と同じでなければなりません。

見積もりの価格は30秒間有効です。1回あたり・1日あたりの上限、手数料、レートは確定前に表示されます。`,
      },
    },
  },
  {
    id: ID.flashRejected,
    kind: 'faq',
    category: ID.categories.exchange,
    sort: 2,
    daysAgo: 6,
    related: [ID.flashExchange],
    texts: {
      en: {
        title: 'My flash exchange was rejected. Where is my USDT?',
        body: `When a payout is rejected, the USDT held for it returns to your wallet in full, fee included. The order shows the reason: often the name or number of the receiving account did not match.

Correct the account under **Receiving accounts** and try again.`,
      },
      zh: {
        title: '闪兑被拒绝了，我的 USDT 在哪里？',
        body: `出款被拒绝时，为该笔订单冻结的 USDT 会全额退回您的钱包，手续费也一并退回。订单中会显示拒绝原因，常见原因是收款账户的姓名或账号不一致。

请在 **收款账户** 中更正后再试一次。`,
      },
      ko: {
        title: '즉시 환전이 거절되었어요. 제 USDT는 어디에 있나요?',
        body: `지급이 거절되면 보류되었던 USDT는 수수료를 포함해 전액 지갑으로 돌아옵니다. 주문에서 거절 사유를 확인할 수 있으며, 수취 계정의 이름이나 번호가 일치하지 않는 경우가 많습니다.

**수취 계정**에서 계정을 수정한 뒤 다시 시도해 주세요.`,
      },
      ja: {
        title: 'クイック両替が拒否されました。USDT はどこにありますか？',
        body: `支払いが拒否されると、保留されていた USDT は手数料を含めて全額ウォレットに戻ります。注文には拒否の理由が表示されます。受取口座の氏名や番号が一致しないことがよくある原因です。

**受取口座**で口座を修正してから、もう一度お試しください。`,
      },
    },
  },

  // ---- Guides (related articles) ------------------------------------------------------------------------
  {
    id: ID.topUpGuide,
    kind: 'guide',
    sort: 1,
    daysAgo: 20,
    related: [ID.topUpNetworks, ID.topUpTime],
    texts: {
      en: {
        title: 'Top up USDT safely, step by step',
        body: `## Before you start
Bind the wallet you will send from under **Account → Bound address**. Deposits are matched to you by this address.

## Send your USDT
1. Open **Top up** and choose USDT.
2. Check that the network shown matches your bound address: TRON (TRC20) or BNB Smart Chain (BEP20).
3. Copy the deposit address, or scan its QR code in your wallet app, and check its first and last characters.
4. On your first top-up, send a small test amount first.

## After sending
The deposit appears under **My deposits** and is credited after the confirmations shown. You can also follow the transaction on a block explorer such as [Tronscan](https://tronscan.org) or [BscScan](https://bscscan.com).

Something wrong? [Contact support](#/pages/service/index) with the transaction hash.`,
      },
      zh: {
        title: '安全充值 USDT 分步指南',
        body: `## 开始之前
在 **我的 → 绑定地址** 中绑定您将用于转账的钱包。我们通过该地址识别您的充值。

## 转入 USDT
1. 打开 **充值** 并选择 USDT。
2. 确认页面显示的网络与您的绑定地址一致：TRON (TRC20) 或 BNB 智能链 (BEP20)。
3. 复制充值地址，或在钱包应用中扫描二维码，并核对地址的开头和结尾几位。
4. 首次充值时，请先转入一小笔测试金额。

## 转账之后
充值会显示在 **我的充值** 中，达到显示的确认数后入账。您也可以在 [Tronscan](https://tronscan.org) 或 [BscScan](https://bscscan.com) 等区块浏览器上查看交易。

遇到问题？请带上交易哈希[联系客服](#/pages/service/index)。`,
      },
      ko: {
        title: 'USDT를 안전하게 충전하는 방법',
        body: `## 시작하기 전에
**내 계정 → 연결된 주소**에서 보낼 지갑을 연결하세요. 입금은 이 주소로 회원님과 연결됩니다.

## USDT 보내기
1. **충전**을 열고 USDT를 선택합니다.
2. 표시된 네트워크가 연결된 주소와 같은지 확인합니다: TRON (TRC20) 또는 BNB 스마트 체인 (BEP20).
3. 입금 주소를 복사하거나 지갑 앱으로 QR 코드를 스캔한 뒤, 주소의 앞뒤 몇 글자를 확인합니다.
4. 처음 충전할 때는 소액으로 먼저 테스트해 보세요.

## 보낸 후에
입금은 **내 입금**에 표시되며, 표시된 확인 수를 채우면 반영됩니다. [Tronscan](https://tronscan.org)이나 [BscScan](https://bscscan.com) 같은 블록 탐색기에서도 거래를 확인할 수 있습니다.

문제가 있나요? 거래 해시와 함께 [고객 지원](#/pages/service/index)에 문의해 주세요.`,
      },
      ja: {
        title: 'USDT を安全に入金する手順',
        body: `## はじめる前に
**アカウント → 連携アドレス**で、送金に使うウォレットを連携してください。入金はこのアドレスでお客様に照合されます。

## USDT を送る
1. **入金**を開き、USDT を選びます。
2. 表示されたネットワークが連携アドレスと同じか確認します：TRON (TRC20) または BNB スマートチェーン (BEP20)。
3. 入金アドレスをコピーするか、ウォレットアプリで QR コードを読み取り、アドレスの最初と最後の数文字を確認します。
4. 初めての入金では、まず少額でテストしてください。

## 送金したあと
入金は**入金履歴**に表示され、表示された承認数に達すると反映されます。[Tronscan](https://tronscan.org) や [BscScan](https://bscscan.com) などのブロックエクスプローラーでも取引を確認できます。

問題がありましたら、トランザクションハッシュを添えて[サポート窓口](#/pages/service/index)へご連絡ください。`,
      },
    },
  },
  {
    id: ID.securityGuide,
    kind: 'guide',
    sort: 2,
    daysAgo: 20,
    related: [ID.payPassword, ID.loginLocked, ID.securityNotice],
    texts: {
      en: {
        title: 'Keep your account secure',
        body: `A few habits keep your wallet safe:

- **Use a login password of its own.** Do not reuse the password of your email or of another service.
- **Keep your payment password to yourself.** It confirms every withdrawal, transfer and recharge.
- **Never share a verification code.** SBC Wallet staff will never ask for one.
- **Check your devices.** Under **Settings → Signed-in devices** you can sign out a phone you no longer use, or every other device at once.
- **Check addresses twice.** Before a withdrawal, compare the first and last characters of the address.

If you think someone else can get into your account, change your login password at once and [open a support ticket](#/pages/workOrder/index).`,
      },
      zh: {
        title: '保护账户安全',
        body: `养成以下几个习惯，让您的钱包更安全：

- **使用独立的登录密码。** 不要与邮箱或其他服务使用相同的密码。
- **不要透露支付密码。** 每一笔提现、转账和充值都需要它来确认。
- **绝不分享验证码。** SBC Wallet 工作人员绝不会向您索要验证码。
- **检查登录设备。** 在 **设置 → 已登录设备** 中，您可以退出不再使用的手机，或一次退出所有其他设备。
- **仔细核对地址。** 提现前，请核对地址的开头和结尾几位。

如果您怀疑他人能登录您的账户，请立即修改登录密码，并[提交工单](#/pages/workOrder/index)。`,
      },
      ko: {
        title: '계정을 안전하게 지키는 방법',
        body: `몇 가지 습관만으로 지갑을 안전하게 지킬 수 있습니다.

- **로그인 비밀번호는 따로 만드세요.** 이메일이나 다른 서비스의 비밀번호를 재사용하지 마세요.
- **결제 비밀번호는 혼자만 알고 계세요.** 모든 출금, 이체, 충전을 확인하는 비밀번호입니다.
- **인증 코드는 절대 공유하지 마세요.** SBC Wallet 직원은 코드를 요청하지 않습니다.
- **로그인된 기기를 확인하세요.** **설정 → 로그인된 기기**에서 더 이상 쓰지 않는 휴대폰이나 다른 모든 기기를 한 번에 로그아웃할 수 있습니다.
- **주소는 두 번 확인하세요.** 출금 전에 주소의 앞뒤 몇 글자를 비교해 주세요.

다른 사람이 계정에 접근할 수 있다고 생각되면 즉시 로그인 비밀번호를 변경하고 [문의 티켓을 남겨 주세요](#/pages/workOrder/index).`,
      },
      ja: {
        title: 'アカウントを安全に保つために',
        body: `いくつかの習慣で、ウォレットを安全に保てます。

- **ログインパスワードは使い回さない。** メールや他のサービスと同じパスワードは使わないでください。
- **支払いパスワードは誰にも教えない。** すべての出金、送金、チャージの確定に使われます。
- **認証コードは決して共有しない。** SBC Wallet のスタッフがコードを求めることはありません。
- **端末を確認する。** **設定 → ログイン中の端末**で、使わなくなったスマートフォンや他のすべての端末をまとめてログアウトできます。
- **アドレスは2回確認する。** 出金の前に、アドレスの最初と最後の数文字を照らし合わせてください。

第三者がアカウントにアクセスできると思われる場合は、すぐにログインパスワードを変更し、[お問い合わせチケットを作成](#/pages/workOrder/index)してください。`,
      },
    },
  },
  {
    id: ID.cardAbroadGuide,
    kind: 'guide',
    sort: 3,
    daysAgo: 15,
    related: [ID.rechargeCard, ID.openCard],
    texts: {
      en: {
        title: 'Using your card abroad',
        body: `Your card pays in shops and online wherever card payments are accepted.

- **Currency:** a payment in another currency is converted by the card network; the amount taken from your card balance is listed in the card's transactions.
- **Before you travel:** recharge enough balance, and keep some USDT in your wallet to recharge on the way.
- **Payment declined?** Check the card balance and that the card is not frozen. Many failed payments in a row can freeze a card automatically, to protect you.
- **Lost card:** freeze it at once on the card page, then contact support.`,
      },
      zh: {
        title: '在境外使用卡片',
        body: `在任何支持刷卡的商店和网站，您都可以使用卡片付款。

- **币种：** 以其他币种付款时，由卡组织进行换算；从卡片余额中扣除的金额会显示在卡片交易记录中。
- **出行之前：** 请充值足够的余额，并在钱包中留一些 USDT，方便途中随时充值。
- **付款被拒？** 请检查卡片余额，并确认卡片未被冻结。连续多次付款失败时，为保护您的资金，卡片可能会被自动冻结。
- **卡片丢失：** 请立即在卡片页面冻结卡片，然后联系客服。`,
      },
      ko: {
        title: '해외에서 카드 사용하기',
        body: `카드 결제를 받는 곳이라면 매장과 온라인 어디서나 카드로 결제할 수 있습니다.

- **통화:** 다른 통화로 결제하면 카드 네트워크가 환산합니다. 카드 잔액에서 빠져나간 금액은 카드 거래 내역에서 확인할 수 있습니다.
- **출국 전에:** 카드 잔액을 넉넉히 충전하고, 이동 중에도 충전할 수 있도록 지갑에 USDT를 조금 남겨 두세요.
- **결제가 거절되었나요?** 카드 잔액과 카드가 동결되지 않았는지 확인하세요. 결제 실패가 연달아 여러 번 일어나면 고객님을 보호하기 위해 카드가 자동으로 동결될 수 있습니다.
- **카드 분실:** 카드 화면에서 즉시 카드를 동결한 뒤 고객센터에 연락해 주세요.`,
      },
      ja: {
        title: '海外でカードを使う',
        body: `カード払いができるお店やオンラインショップなら、どこでもカードで支払えます。

- **通貨：** 他の通貨での支払いは、カードネットワークが換算します。カード残高から引かれた金額は、カードの取引履歴で確認できます。
- **出発前に：** 残高を十分にチャージし、旅行中もチャージできるよう、ウォレットにUSDTを少し残しておきましょう。
- **支払いが拒否された場合：** カード残高と、カードが凍結されていないかを確認してください。支払いの失敗が続くと、お客様を守るためにカードが自動的に凍結されることがあります。
- **カードを紛失したら：** すぐにカード画面でカードを凍結し、サポートにご連絡ください。`,
      },
    },
  },
];

const CONTACTS: Array<{ kind: HelpContactKind; value: string; label: PerLanguage }> = [
  {
    kind: 'telegram',
    value: '@SBCWalletSupport',
    label: { en: 'Live chat on Telegram', zh: 'Telegram 在线客服', ko: '텔레그램 실시간 상담', ja: 'Telegram でチャット' },
  },
  {
    kind: 'email',
    value: 'support@sbc-wallet.local',
    label: { en: 'Email support', zh: '邮件客服', ko: '이메일 상담', ja: 'メールサポート' },
  },
  {
    kind: 'wechat',
    value: 'SBCWallet_CS',
    label: { en: 'WeChat customer service', zh: '微信客服', ko: '위챗 상담', ja: 'WeChat サポート' },
  },
  {
    kind: 'kakao',
    value: 'sbcwallet',
    label: { en: 'KakaoTalk channel', zh: 'KakaoTalk 频道', ko: '카카오톡 채널', ja: 'カカオトーク チャンネル' },
  },
];

const HOURS: PerLanguage = {
  en: `Live chat: every day, 09:00–21:00 (UTC+8)
Email and tickets: answered within 24 hours, weekends included
Lost card or a login you do not recognise: freeze the card or change your password in the app first, then write to us.`,
  zh: `在线客服：每天 09:00–21:00（UTC+8）
邮件与工单：24小时内回复，周末照常
卡片丢失或发现陌生登录：请先在应用内冻结卡片或修改密码，再联系我们。`,
  ko: `실시간 상담: 매일 09:00~21:00 (UTC+8)
이메일 및 문의 티켓: 주말 포함 24시간 이내 답변
카드 분실 또는 모르는 로그인 발견 시: 먼저 앱에서 카드를 동결하거나 비밀번호를 변경한 뒤 연락해 주세요.`,
  ja: `チャット：毎日 09:00〜21:00（UTC+8）
メール・お問い合わせチケット：土日を含め24時間以内に回答
カードの紛失や心当たりのないログイン：まずアプリでカードを凍結するか、パスワードを変更してからご連絡ください。`,
};

/** Adds the demo help content that is missing; what exists (maybe edited by an operator) is left as it is. */
export async function seedHelpContent(db: Db, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const added = await addMissingContent(
    db,
    {
      categories: CATEGORIES,
      articles: ARTICLES.map(({ daysAgo, ...article }) => ({
        ...article,
        publishedAt: new Date(now.getTime() - daysAgo * 24 * 3600 * 1000),
      })),
      contacts: CONTACTS,
      hours: HOURS,
    },
    now,
  );
  if (added > 0) log.info({ articles: added }, 'demo help content added');
}
