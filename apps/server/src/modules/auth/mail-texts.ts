import type { CodePurpose, Language } from '@wallet/contract';

const PURPOSE: Record<CodePurpose, Record<Language, string>> = {
  register: { en: 'create your account', zh: '注册账户', ko: '회원가입', ja: 'アカウント登録' },
  login: { en: 'log in', zh: '登录', ko: '로그인', ja: 'ログイン' },
  reset_password: { en: 'reset your password', zh: '重置密码', ko: '비밀번호 재설정', ja: 'パスワードの再設定' },
  change_password: { en: 'change your password', zh: '修改登录密码', ko: '비밀번호 변경', ja: 'パスワードの変更' },
  payment_password: { en: 'set your payment password', zh: '设置支付密码', ko: '결제 비밀번호 설정', ja: '支払いパスワードの設定' },
  transfer: { en: 'confirm a transfer', zh: '确认转账', ko: '이체 확인', ja: '送金の確認' },
  withdraw: { en: 'confirm a withdrawal', zh: '确认提现', ko: '출금 확인', ja: '出金の確認' },
  change_address: {
    en: 'change your bound wallet address',
    zh: '修改绑定的钱包地址',
    ko: '연결된 지갑 주소 변경',
    ja: '連携ウォレットアドレスの変更',
  },
  payee: { en: 'save a receiving account', zh: '保存收款账户', ko: '수취 계정 저장', ja: '受取口座の保存' },
  address_book: {
    en: 'save a withdrawal address',
    zh: '保存提现地址',
    ko: '출금 주소 저장',
    ja: '出金アドレスの保存',
  },
  second_factor: {
    en: 'turn on two-step verification',
    zh: '开启两步验证',
    ko: '2단계 인증 켜기',
    ja: '2段階認証をオンにする',
  },
};

/** The emailed code, worded in the reader's language. */
export function codeMail(language: Language, purpose: CodePurpose, code: string, minutes: number): { subject: string; text: string } {
  const action = PURPOSE[purpose][language];
  switch (language) {
    case 'zh':
      return {
        subject: `SBC Wallet 验证码：${code}`,
        text: `您正在${action}。\n\n验证码：${code}\n\n验证码${minutes}分钟内有效，仅可使用一次。如非本人操作，请忽略此邮件，切勿将验证码告诉任何人。`,
      };
    case 'ko':
      return {
        subject: `SBC Wallet 인증 코드: ${code}`,
        text: `${action}을(를) 위한 인증 코드입니다.\n\n인증 코드: ${code}\n\n${minutes}분 동안 한 번만 사용할 수 있습니다. 요청하지 않았다면 이 메일을 무시하고 코드를 누구에게도 알려주지 마세요.`,
      };
    case 'ja':
      return {
        subject: `SBC Wallet 認証コード：${code}`,
        text: `${action}のための認証コードです。\n\n認証コード：${code}\n\n有効期限は${minutes}分で、1回のみ使用できます。心当たりがない場合はこのメールを無視し、コードを誰にも教えないでください。`,
      };
    default:
      return {
        subject: `Your SBC Wallet code: ${code}`,
        text: `Use this code to ${action}.\n\nCode: ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this email and never share the code with anyone.`,
      };
  }
}
