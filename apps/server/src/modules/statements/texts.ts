import type { Language } from '@wallet/contract';

export type RowStatus = 'completed' | 'processing' | 'failed' | 'rejected';

export interface StatementTexts {
  title: string;
  cardTitle: (last4: string) => string;
  columns: { type: string; currency: string; amount: string; balanceAfter: string; counterparty: string; status: string };
  /** The time column names the zone its times are in, so a spreadsheet row is read right. */
  timeColumn: (zone: string) => string;
  summary: { currency: string; opening: string; totalIn: string; totalOut: string; closing: string };
  member: string;
  email: string;
  period: string;
  timeZone: string;
  generatedAt: string;
  noRecords: string;
  status: Record<RowStatus, string>;
  transferTo: (uid: string, email: string) => string;
  transferFrom: (uid: string, email: string) => string;
  card: (last4: string | null) => string;
  alipay: string;
  bank: string;
  wallet: string;
}

/** Everything a statement says, per language; amounts, codes and names are put in as they are. */
export const STATEMENT_TEXTS: Record<Language, StatementTexts> = {
  en: {
    title: 'Statement',
    cardTitle: (last4) => `Card statement (card ending ${last4})`,
    columns: {
      type: 'Type',
      currency: 'Currency',
      amount: 'Amount',
      balanceAfter: 'Balance after',
      counterparty: 'Details',
      status: 'Status',
    },
    timeColumn: (zone) => `Time (${zone})`,
    summary: { currency: 'Currency', opening: 'Opening balance', totalIn: 'Total in', totalOut: 'Total out', closing: 'Closing balance' },
    member: 'Member UID',
    email: 'Email',
    period: 'Period',
    timeZone: 'Time zone',
    generatedAt: 'Generated at',
    noRecords: 'No records in this period.',
    status: { completed: 'Completed', processing: 'Processing', failed: 'Failed', rejected: 'Rejected' },
    transferTo: (uid, email) => `To UID ${uid} (${email})`,
    transferFrom: (uid, email) => `From UID ${uid} (${email})`,
    card: (last4) => (last4 ? `Card ending ${last4}` : 'Card (number not issued yet)'),
    alipay: 'Alipay',
    bank: 'Bank account',
    wallet: 'Wallet',
  },
  zh: {
    title: '对账单',
    cardTitle: (last4) => `卡片对账单（尾号${last4}）`,
    columns: { type: '类型', currency: '币种', amount: '金额', balanceAfter: '变动后余额', counterparty: '详情', status: '状态' },
    timeColumn: (zone) => `时间（${zone}）`,
    summary: { currency: '币种', opening: '期初余额', totalIn: '收入合计', totalOut: '支出合计', closing: '期末余额' },
    member: '会员UID',
    email: '邮箱',
    period: '期间',
    timeZone: '时区',
    generatedAt: '生成时间',
    noRecords: '该期间没有记录。',
    status: { completed: '已完成', processing: '处理中', failed: '失败', rejected: '已拒绝' },
    transferTo: (uid, email) => `转给 UID ${uid}（${email}）`,
    transferFrom: (uid, email) => `来自 UID ${uid}（${email}）`,
    card: (last4) => (last4 ? `卡片（尾号${last4}）` : '卡片（卡号尚未发放）'),
    alipay: '支付宝',
    bank: '银行账户',
    wallet: '钱包',
  },
  ko: {
    title: '거래 내역서',
    cardTitle: (last4) => `카드 거래 내역서(끝자리 ${last4})`,
    columns: { type: '유형', currency: '통화', amount: '금액', balanceAfter: '거래 후 잔액', counterparty: '상세', status: '상태' },
    timeColumn: (zone) => `일시(${zone})`,
    summary: { currency: '통화', opening: '기초 잔액', totalIn: '입금 합계', totalOut: '출금 합계', closing: '기말 잔액' },
    member: '회원 UID',
    email: '이메일',
    period: '기간',
    timeZone: '시간대',
    generatedAt: '발급 일시',
    noRecords: '이 기간에는 내역이 없습니다.',
    status: { completed: '완료', processing: '처리 중', failed: '실패', rejected: '거절됨' },
    transferTo: (uid, email) => `UID ${uid}(${email})님에게 보냄`,
    transferFrom: (uid, email) => `UID ${uid}(${email})님에게서 받음`,
    card: (last4) => (last4 ? `카드(끝자리 ${last4})` : '카드(번호 발급 전)'),
    alipay: '알리페이',
    bank: '은행 계좌',
    wallet: '지갑',
  },
  ja: {
    title: '取引明細書',
    cardTitle: (last4) => `カード取引明細書（末尾${last4}）`,
    columns: { type: '種類', currency: '通貨', amount: '金額', balanceAfter: '取引後残高', counterparty: '詳細', status: '状態' },
    timeColumn: (zone) => `日時（${zone}）`,
    summary: { currency: '通貨', opening: '期首残高', totalIn: '入金合計', totalOut: '出金合計', closing: '期末残高' },
    member: '会員UID',
    email: 'メールアドレス',
    period: '期間',
    timeZone: 'タイムゾーン',
    generatedAt: '作成日時',
    noRecords: 'この期間の記録はありません。',
    status: { completed: '完了', processing: '処理中', failed: '失敗', rejected: '却下' },
    transferTo: (uid, email) => `UID ${uid}（${email}）へ送金`,
    transferFrom: (uid, email) => `UID ${uid}（${email}）から受取`,
    card: (last4) => (last4 ? `カード（末尾${last4}）` : 'カード（番号発行前）'),
    alipay: 'Alipay',
    bank: '銀行口座',
    wallet: 'ウォレット',
  },
};
