import { Decimal, isLanguage, type Language } from '@wallet/contract';
import type { OrderRow } from './order-queries';
import { reasonText } from './reasons';

const METHOD: Record<Language, Record<'alipay' | 'bank', string>> = {
  en: { alipay: 'Alipay', bank: 'bank account' },
  zh: { alipay: '支付宝', bank: '银行卡' },
  ko: { alipay: '알리페이', bank: '은행 계좌' },
  ja: { alipay: 'Alipay', bank: '銀行口座' },
};

/** The member's notice that a flash exchange arrived or was rejected (PRODUCT_SPEC.md section 8), in their language. */
export function payoutMail(language: string, order: OrderRow): { subject: string; text: string } {
  const lang: Language = isLanguage(language) ? language : 'en';
  const usdt = new Decimal(order.amount).toFixed();
  const cny = new Decimal(order.amount_out).toFixed(2);
  const to = `${METHOD[lang][order.kind]} ${order.payee_account_masked ?? `•••• ${order.payee_account_last4}`}`;
  const reason = reasonText(order.reason, lang) ?? '';
  const arrived = order.stage === 'arrived';
  switch (lang) {
    case 'zh':
      return arrived
        ? { subject: '闪兑已到账', text: `您的闪兑已到账：${cny} CNY 已付至${to}（卖出 ${usdt} USDT）。` }
        : { subject: '闪兑被拒绝，金额已退回', text: `闪兑被拒绝，金额已退回：${usdt} USDT 已退回您的钱包。\n原因：${reason}` };
    case 'ko':
      return arrived
        ? {
            subject: '즉시 환전 입금 완료',
            text: `즉시 환전이 입금되었습니다: ${cny} CNY가 ${to}(으)로 지급되었습니다(${usdt} USDT 판매).`,
          }
        : {
            subject: '즉시 환전 거절: 금액 반환',
            text: `즉시 환전이 거절되어 금액이 반환되었습니다: ${usdt} USDT가 지갑으로 돌아왔습니다.\n사유: ${reason}`,
          };
    case 'ja':
      return arrived
        ? {
            subject: 'クイック両替が着金しました',
            text: `クイック両替が着金しました：${cny} CNY を${to}へお支払いしました（${usdt} USDT を売却）。`,
          }
        : {
            subject: 'クイック両替が拒否されました（返金済み）',
            text: `クイック両替が拒否され、金額を返金しました：${usdt} USDT がウォレットに戻りました。\n理由：${reason}`,
          };
    default:
      return arrived
        ? { subject: 'Flash exchange arrived', text: `Your flash exchange arrived: ${cny} CNY was paid to ${to} (${usdt} USDT sold).` }
        : {
            subject: 'Flash exchange rejected: amount returned',
            text: `Flash exchange rejected: amount returned. ${usdt} USDT is back in your wallet.\nReason: ${reason}`,
          };
  }
}
