import type { Language } from '@wallet/contract';
import type { MailText } from './mail';

/*
 * The notices worth an email as well as a notification (withdrawal sent, card frozen, new sign-in), in
 * the member's language. Amounts come in as the exact decimal strings the ledger moved and are shown
 * as they are: never rounded here.
 */

export function withdrawalSentMail(
  language: Language,
  p: { amount: string; currency: string; network: string; address: string },
): MailText {
  switch (language) {
    case 'zh':
      return {
        subject: `提现已发出：${p.amount} ${p.currency}`,
        text: `您的提现 ${p.amount} ${p.currency} 已通过 ${p.network} 网络发送至：\n${p.address}\n\n网络确认后即可到账。如非本人操作，请立即修改登录密码并联系客服。`,
      };
    case 'ko':
      return {
        subject: `출금 전송 완료: ${p.amount} ${p.currency}`,
        text: `${p.amount} ${p.currency} 출금이 ${p.network} 네트워크로 다음 주소에 전송되었습니다:\n${p.address}\n\n네트워크에서 확인되면 도착합니다. 본인이 요청하지 않았다면 즉시 로그인 비밀번호를 변경하고 고객센터에 문의하세요.`,
      };
    case 'ja':
      return {
        subject: `出金を送信しました：${p.amount} ${p.currency}`,
        text: `${p.amount} ${p.currency} の出金を ${p.network} ネットワークで次のアドレスへ送信しました：\n${p.address}\n\nネットワークで承認されると着金します。心当たりがない場合は、すぐにログインパスワードを変更し、サポートにお問い合わせください。`,
      };
    default:
      return {
        subject: `Withdrawal sent: ${p.amount} ${p.currency}`,
        text: `Your withdrawal of ${p.amount} ${p.currency} has been sent on ${p.network} to:\n${p.address}\n\nIt arrives once the network confirms it. If you did not ask for this withdrawal, change your login password now and contact support.`,
      };
  }
}

export function cardFrozenMail(language: Language, p: { last4: string }): MailText {
  switch (language) {
    case 'zh':
      return {
        subject: `您尾号 ${p.last4} 的卡已被冻结`,
        text: `为保护您的资金，您尾号 ${p.last4} 的卡已被冻结，解冻前该卡的所有支付都会被拒绝。\n\n连续多次支付被拒时，卡会被自动冻结。您可以在 App 的卡片页面解冻；如非预期，请联系客服。`,
      };
    case 'ko':
      return {
        subject: `끝자리 ${p.last4} 카드가 동결되었습니다`,
        text: `자금 보호를 위해 끝자리 ${p.last4} 카드가 동결되었습니다. 동결이 해제될 때까지 이 카드의 결제는 모두 거절됩니다.\n\n결제 거절이 반복되면 카드는 자동으로 동결됩니다. 앱의 카드 화면에서 동결을 해제할 수 있으며, 예상하지 못한 일이라면 고객센터에 문의하세요.`,
      };
    case 'ja':
      return {
        subject: `末尾 ${p.last4} のカードを凍結しました`,
        text: `お客様の資金を守るため、末尾 ${p.last4} のカードを凍結しました。凍結を解除するまで、このカードでの支払いはすべて拒否されます。\n\n支払いの拒否が続くと、カードは自動的に凍結されます。アプリのカード画面から凍結を解除できます。心当たりがない場合はサポートにお問い合わせください。`,
      };
    default:
      return {
        subject: `Your card ending ${p.last4} has been frozen`,
        text: `Your card ending ${p.last4} has been frozen to protect your money. Payments with it are declined until it is unfrozen.\n\nCards are frozen automatically after repeated declined payments. You can unfreeze it on the card's page in the app; if you did not expect this, contact support.`,
      };
  }
}

/** `when` is the sign-in's time as the mail states it (UTC). */
/** `place`: the country of the IP in the member's language, or local network / unknown (platform/place.ts). */
export function newDeviceMail(language: Language, p: { when: string; device: string; ip: string; place: string }): MailText {
  switch (language) {
    case 'zh':
      return {
        subject: 'SBC Wallet 新设备登录提醒',
        text: `您的账户刚刚在一台新设备上登录。\n\n时间：${p.when}\n设备：${p.device}\nIP 地址：${p.ip}\n位置：${p.place}\n\n如果是您本人操作，无需处理。如果不是您本人，请立即修改登录密码，并在 App 的“账户与安全 > 设置 > 已登录设备”中选择“退出所有其他设备”。`,
      };
    case 'ko':
      return {
        subject: 'SBC Wallet 새 기기 로그인 알림',
        text: `새 기기에서 계정에 로그인했습니다.\n\n시간: ${p.when}\n기기: ${p.device}\nIP 주소: ${p.ip}\n위치: ${p.place}\n\n본인이라면 아무것도 하지 않으셔도 됩니다. 본인이 아니라면 즉시 로그인 비밀번호를 변경하고, 앱의 '계정 및 보안 > 설정 > 로그인된 기기'에서 '다른 모든 기기에서 로그아웃'을 누르세요.`,
      };
    case 'ja':
      return {
        subject: 'SBC Wallet 新しい端末からのログイン',
        text: `新しい端末からアカウントにログインがありました。\n\n日時：${p.when}\n端末：${p.device}\nIP アドレス：${p.ip}\n場所：${p.place}\n\nご本人の場合は対応不要です。心当たりがない場合は、すぐにログインパスワードを変更し、アプリの「アカウントとセキュリティ > 設定 > ログイン中の端末」で「他のすべての端末からログアウト」を選んでください。`,
      };
    default:
      return {
        subject: 'New sign-in to your SBC Wallet account',
        text: `Your account was just signed in on a new device.\n\nWhen: ${p.when}\nDevice: ${p.device}\nIP address: ${p.ip}\nPlace: ${p.place}\n\nIf this was you, there is nothing to do. If it was not you, change your login password now, then sign out the other sessions in the app: Account and security > Settings > Signed-in devices > Sign out all other devices.`,
      };
  }
}
