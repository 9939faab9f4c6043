import type { Language } from '@wallet/contract';
import type { MailText } from '../../notifications/mail';

/*
 * The email about a change to the member's second factor. Whoever changed it held a session of theirs,
 * so the mail says where from and carries the link that locks the account if it was not them.
 */

export type FactorChange = 'passkey_added' | 'passkey_removed' | 'totp_added' | 'totp_removed' | 'recovery_codes_renewed';

export interface FactorChangeText {
  change: FactorChange;
  /** The passkey's name, for a passkey added or removed. */
  label?: string;
  when: string;
  device: string;
  ip: string;
  place: string;
  lockUrl: string;
}

type Words = { subject: Record<FactorChange, string>; what: Record<FactorChange, string>; details: string; notYou: string };

function words(language: Language, p: FactorChangeText): Words {
  const label = p.label ?? '';
  switch (language) {
    case 'zh':
      return {
        subject: {
          passkey_added: 'SBC Wallet：已添加通行密钥',
          passkey_removed: 'SBC Wallet：已移除通行密钥',
          totp_added: 'SBC Wallet：已开启身份验证器应用',
          totp_removed: 'SBC Wallet：已移除身份验证器应用',
          recovery_codes_renewed: 'SBC Wallet：恢复码已重新生成',
        },
        what: {
          passkey_added: `您的账户刚刚添加了一个用于两步验证的通行密钥：“${label}”。`,
          passkey_removed: `您账户中的通行密钥“${label}”刚刚被移除。`,
          totp_added: '您的账户刚刚开启了身份验证器应用作为两步验证。',
          totp_removed: '您账户中的身份验证器应用刚刚被移除。',
          recovery_codes_renewed: '您的两步验证恢复码刚刚重新生成，旧的恢复码已全部失效。',
        },
        details: `时间：${p.when}\n设备：${p.device}\nIP 地址：${p.ip}\n位置：${p.place}`,
        notYou: `如果不是您本人操作，说明他人可能已登录您的账户。请立即打开以下链接锁定账户（所有登录将被退出，登录和资金操作将停止，直至客服为您解锁）：\n${p.lockUrl}\n\n如果是您本人操作，无需处理。`,
      };
    case 'ko':
      return {
        subject: {
          passkey_added: 'SBC Wallet: 패스키가 추가되었습니다',
          passkey_removed: 'SBC Wallet: 패스키가 제거되었습니다',
          totp_added: 'SBC Wallet: 인증 앱이 켜졌습니다',
          totp_removed: 'SBC Wallet: 인증 앱이 제거되었습니다',
          recovery_codes_renewed: 'SBC Wallet: 복구 코드가 새로 발급되었습니다',
        },
        what: {
          passkey_added: `2단계 인증용 패스키 '${label}'이(가) 계정에 방금 추가되었습니다.`,
          passkey_removed: `계정의 패스키 '${label}'이(가) 방금 제거되었습니다.`,
          totp_added: '계정에 2단계 인증용 인증 앱이 방금 켜졌습니다.',
          totp_removed: '계정의 인증 앱이 방금 제거되었습니다.',
          recovery_codes_renewed: '2단계 인증 복구 코드가 방금 새로 발급되었습니다. 이전 복구 코드는 모두 더 이상 쓸 수 없습니다.',
        },
        details: `시간: ${p.when}\n기기: ${p.device}\nIP 주소: ${p.ip}\n위치: ${p.place}`,
        notYou: `본인이 아니라면 다른 사람이 계정에 로그인했을 수 있습니다. 지금 다음 링크를 열어 계정을 잠그세요(모든 기기에서 로그아웃되고, 고객센터가 잠금을 해제할 때까지 로그인과 자금 이동이 차단됩니다):\n${p.lockUrl}\n\n본인이라면 아무것도 하지 않으셔도 됩니다.`,
      };
    case 'ja':
      return {
        subject: {
          passkey_added: 'SBC Wallet：パスキーが追加されました',
          passkey_removed: 'SBC Wallet：パスキーが削除されました',
          totp_added: 'SBC Wallet：認証アプリがオンになりました',
          totp_removed: 'SBC Wallet：認証アプリが削除されました',
          recovery_codes_renewed: 'SBC Wallet：リカバリーコードが再発行されました',
        },
        what: {
          passkey_added: `2段階認証のパスキー「${label}」がアカウントに追加されました。`,
          passkey_removed: `アカウントのパスキー「${label}」が削除されました。`,
          totp_added: '2段階認証の認証アプリがアカウントでオンになりました。',
          totp_removed: 'アカウントの認証アプリが削除されました。',
          recovery_codes_renewed: '2段階認証のリカバリーコードが再発行されました。以前のリカバリーコードはすべて使えなくなりました。',
        },
        details: `日時：${p.when}\n端末：${p.device}\nIP アドレス：${p.ip}\n場所：${p.place}`,
        notYou: `お心当たりがない場合は、第三者がアカウントにログインしている可能性があります。すぐに次のリンクを開いてアカウントをロックしてください（すべての端末からログアウトされ、サポートが解除するまでログインと資金の移動ができなくなります）：\n${p.lockUrl}\n\nご本人の操作であれば、対応は不要です。`,
      };
    default:
      return {
        subject: {
          passkey_added: 'SBC Wallet: a passkey was added',
          passkey_removed: 'SBC Wallet: a passkey was removed',
          totp_added: 'SBC Wallet: an authenticator app was turned on',
          totp_removed: 'SBC Wallet: your authenticator app was removed',
          recovery_codes_renewed: 'SBC Wallet: your recovery codes were renewed',
        },
        what: {
          passkey_added: `A passkey for two-step verification, "${label}", was just added to your account.`,
          passkey_removed: `The passkey "${label}" was just removed from your account.`,
          totp_added: 'An authenticator app was just turned on for two-step verification on your account.',
          totp_removed: 'The authenticator app was just removed from your account.',
          recovery_codes_renewed: 'Your two-step verification recovery codes were just renewed; the old ones no longer work.',
        },
        details: `When: ${p.when}\nDevice: ${p.device}\nIP address: ${p.ip}\nPlace: ${p.place}`,
        notYou: `If this was not you, someone else may be signed in to your account. Open this link now to lock it (every device is signed out, and sign-in and money movements stop until support unlocks it):\n${p.lockUrl}\n\nIf it was you, there is nothing to do.`,
      };
  }
}

export function factorChangeMail(language: Language, p: FactorChangeText): MailText {
  const w = words(language, p);
  return { subject: w.subject[p.change], text: `${w.what[p.change]}\n\n${w.details}\n\n${w.notYou}` };
}
