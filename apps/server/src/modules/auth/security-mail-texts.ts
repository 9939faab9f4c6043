import type { Language } from '@wallet/contract';
import type { MoneyLockEvent } from '../../platform/db/schema-address-book';
import type { MailText } from '../notifications/mail';

/*
 * The emails of changes that could send a member's money elsewhere, each with the link that locks the
 * account if the member did not make the change. `until` is stated in UTC.
 */

export interface SecurityChangeText {
  event: MoneyLockEvent;
  /** When withdrawals to the address (address_saved) or at all (the others) are accepted again. */
  until: string;
  lockUrl: string;
  network?: string;
  address?: string;
}

type Words = { subject: string; what: string; wait: string; notYou: string };

function words(language: Language, p: SecurityChangeText): Words {
  const where = `${p.network ?? ''} ${p.address ?? ''}`.trim();
  switch (language) {
    case 'zh':
      return {
        subject: {
          address_saved: 'SBC Wallet：已添加新的提现地址',
          password_changed: 'SBC Wallet：登录密码已修改',
          password_reset: 'SBC Wallet：登录密码已重置',
          address_changed: 'SBC Wallet：绑定的钱包地址已修改',
        }[p.event],
        what: {
          address_saved: `您的提现地址簿中添加了一个新地址：\n${where}`,
          password_changed: '您的登录密码刚刚被修改。',
          password_reset: '您的登录密码刚刚通过邮箱验证码被重置。',
          address_changed: `您绑定的钱包地址刚刚被修改为：\n${where}`,
        }[p.event],
        wait:
          p.event === 'address_saved'
            ? `为保障资金安全，自 ${p.until} 起才能向该地址提现。`
            : `为保障资金安全，${p.until} 之前暂停所有提现。`,
        notYou: `如果不是您本人操作，请立即打开以下链接锁定账户（所有登录将被退出，登录和资金操作将停止，直至客服为您解锁）：\n${p.lockUrl}\n\n如果是您本人操作，无需处理。`,
      };
    case 'ko':
      return {
        subject: {
          address_saved: 'SBC Wallet: 새 출금 주소가 추가되었습니다',
          password_changed: 'SBC Wallet: 로그인 비밀번호가 변경되었습니다',
          password_reset: 'SBC Wallet: 로그인 비밀번호가 재설정되었습니다',
          address_changed: 'SBC Wallet: 연결된 지갑 주소가 변경되었습니다',
        }[p.event],
        what: {
          address_saved: `출금 주소록에 새 주소가 추가되었습니다:\n${where}`,
          password_changed: '로그인 비밀번호가 방금 변경되었습니다.',
          password_reset: '이메일 인증 코드로 로그인 비밀번호가 방금 재설정되었습니다.',
          address_changed: `연결된 지갑 주소가 다음으로 방금 변경되었습니다:\n${where}`,
        }[p.event],
        wait:
          p.event === 'address_saved'
            ? `안전을 위해 ${p.until}부터 이 주소로 출금할 수 있습니다.`
            : `안전을 위해 ${p.until}까지 모든 출금이 일시 중지됩니다.`,
        notYou: `본인이 아니라면 지금 다음 링크를 열어 계정을 잠그세요(모든 기기에서 로그아웃되고, 고객센터가 잠금을 해제할 때까지 로그인과 자금 이동이 차단됩니다):\n${p.lockUrl}\n\n본인이라면 아무것도 하지 않으셔도 됩니다.`,
      };
    case 'ja':
      return {
        subject: {
          address_saved: 'SBC Wallet：新しい出金アドレスが追加されました',
          password_changed: 'SBC Wallet：ログインパスワードが変更されました',
          password_reset: 'SBC Wallet：ログインパスワードが再設定されました',
          address_changed: 'SBC Wallet：連携ウォレットアドレスが変更されました',
        }[p.event],
        what: {
          address_saved: `出金アドレス帳に新しいアドレスが追加されました：\n${where}`,
          password_changed: 'ログインパスワードが変更されました。',
          password_reset: 'メールの認証コードでログインパスワードが再設定されました。',
          address_changed: `連携ウォレットアドレスが次のアドレスに変更されました：\n${where}`,
        }[p.event],
        wait:
          p.event === 'address_saved'
            ? `安全のため、このアドレスへの出金は ${p.until} から可能になります。`
            : `安全のため、${p.until} まですべての出金を停止します。`,
        notYou: `お心当たりがない場合は、すぐに次のリンクを開いてアカウントをロックしてください（すべての端末からログアウトされ、サポートが解除するまでログインと資金の移動ができなくなります）：\n${p.lockUrl}\n\nご本人の操作であれば、対応は不要です。`,
      };
    default:
      return {
        subject: {
          address_saved: 'SBC Wallet: a new withdrawal address was added',
          password_changed: 'SBC Wallet: your login password was changed',
          password_reset: 'SBC Wallet: your login password was reset',
          address_changed: 'SBC Wallet: your bound wallet address was changed',
        }[p.event],
        what: {
          address_saved: `A new address was added to your withdrawal address book:\n${where}`,
          password_changed: 'Your login password was just changed.',
          password_reset: 'Your login password was just reset with an emailed code.',
          address_changed: `Your bound wallet address was just changed to:\n${where}`,
        }[p.event],
        wait:
          p.event === 'address_saved'
            ? `For your safety, withdrawals to it are possible from ${p.until}.`
            : `For your safety, all withdrawals are paused until ${p.until}.`,
        notYou: `If this was not you, open this link now to lock your account (every device is signed out, and sign-in and money movements stop until support unlocks it):\n${p.lockUrl}\n\nIf it was you, there is nothing to do.`,
      };
  }
}

export function securityChangeMail(language: Language, p: SecurityChangeText): MailText {
  const w = words(language, p);
  return { subject: w.subject, text: `${w.what}\n\n${w.wait}\n\n${w.notYou}` };
}

/** Sent when the member has locked their account from such a link. */
export function accountLockedMail(language: Language): MailText {
  switch (language) {
    case 'zh':
      return {
        subject: 'SBC Wallet：您的账户已锁定',
        text: '您的账户已按您的要求锁定：所有设备均已退出，登录和资金操作已停止。\n\n请联系客服核实身份并解锁账户。解锁后请立即修改登录密码和支付密码。',
      };
    case 'ko':
      return {
        subject: 'SBC Wallet: 계정이 잠겼습니다',
        text: '요청에 따라 계정을 잠갔습니다. 모든 기기에서 로그아웃되었고 로그인과 자금 이동이 차단되었습니다.\n\n본인 확인 후 잠금을 해제하려면 고객센터에 문의해 주세요. 해제 후에는 즉시 로그인 비밀번호와 결제 비밀번호를 변경하세요.',
      };
    case 'ja':
      return {
        subject: 'SBC Wallet：アカウントをロックしました',
        text: 'ご依頼によりアカウントをロックしました。すべての端末からログアウトし、ログインと資金の移動を停止しています。\n\n本人確認とロックの解除はサポートにお問い合わせください。解除後は、すぐにログインパスワードと支払いパスワードを変更してください。',
      };
    default:
      return {
        subject: 'SBC Wallet: your account is locked',
        text: 'Your account is locked as you asked: every device is signed out, and sign-in and money movements are stopped.\n\nContact support to confirm who you are and unlock it. Once it is unlocked, change your login password and payment password straight away.',
      };
  }
}

/** The lock an operator (compliance) set from the console: not at the member's request, so the mail says who and what next. */
export function accountLockedBySupportMail(language: Language): MailText {
  switch (language) {
    case 'zh':
      return {
        subject: 'SBC Wallet：您的账户已被锁定',
        text: '为保护您的资金，我们的客服团队已锁定您的账户：所有设备均已退出，登录和资金操作已停止，您的资金和记录均保持不变。\n\n请联系客服了解原因并核实身份以解锁账户。',
      };
    case 'ko':
      return {
        subject: 'SBC Wallet: 계정이 잠겼습니다',
        text: '자금 보호를 위해 고객지원팀이 계정을 잠갔습니다. 모든 기기에서 로그아웃되었고 로그인과 자금 이동이 차단되었습니다. 자금과 기록은 그대로 유지됩니다.\n\n사유 확인과 본인 확인 후 잠금 해제는 고객센터에 문의해 주세요.',
      };
    case 'ja':
      return {
        subject: 'SBC Wallet：アカウントがロックされました',
        text: 'お客様の資金を守るため、サポートチームがアカウントをロックしました。すべての端末からログアウトし、ログインと資金の移動を停止しています。資金と記録はそのまま保たれています。\n\n理由の確認と本人確認によるロックの解除は、サポートにお問い合わせください。',
      };
    default:
      return {
        subject: 'SBC Wallet: your account is locked',
        text: 'To protect your funds, our support team has locked your account: every device is signed out, and sign-in and money movements are stopped. Your funds and records are kept as they are.\n\nContact support to learn why and to confirm who you are so it can be unlocked.',
      };
  }
}
