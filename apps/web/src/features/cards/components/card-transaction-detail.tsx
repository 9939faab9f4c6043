import type { CardTransaction } from '@wallet/contract';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountHeader } from '../../../components/amount-header';
import { formatDateTime, formatExactMoney, formatSignedMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { txAmountText, txStatus } from './card-tx-text';

/** One card transaction in full: what was asked, what settled, the fee and what it did to the card balance. */
export function CardTransactionDetail({ tx }: { tx: CardTransaction }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const status = txStatus(tx);
  // A decline moved nothing: it has no balance change and its amount is not coloured.
  const change = tx.approved ? formatSignedMoney(tx.balanceChange, tx.currency) : null;
  const money = (amount: string) => `${formatExactMoney(amount, tx.currency)} ${tx.currency}`;
  return (
    <>
      <AmountHeader
        label={`${tx.merchant} · ${t(`cards.tx.${tx.type}`)}`}
        amount={txAmountText(tx)}
        currency={tx.currency}
        direction={change?.direction}
        labelTestId="card-tx-title"
        amountTestId="card-tx-amount"
      />
      <List>
        <List.Item extra={t(`cards.tx.${tx.type}`)}>{t('cards.txDetail.type')}</List.Item>
        <List.Item
          extra={
            <Tag color={status.color} data-testid="card-tx-status">
              {t(status.label)}
            </Tag>
          }
        >
          {t('cards.txDetail.status')}
        </List.Item>
        {tx.declineReason && (
          <List.Item extra={<span data-testid="card-tx-decline">{tx.declineReason}</span>}>{t('cards.txDetail.declineReason')}</List.Item>
        )}
        <List.Item extra={money(tx.amount)}>{t('cards.txDetail.amount')}</List.Item>
        {tx.settledAmount !== null && (
          <List.Item extra={<span data-testid="card-tx-settled">{money(tx.settledAmount)}</span>}>
            {t('cards.txDetail.settledAmount')}
          </List.Item>
        )}
        <List.Item extra={money(tx.fee)}>{t('cards.txDetail.fee')}</List.Item>
        {change && <List.Item extra={`${change.text} ${tx.currency}`}>{t('cards.txDetail.balanceChange')}</List.Item>}
        <List.Item extra={formatDateTime(tx.time, language)}>{t('cards.txDetail.time')}</List.Item>
        <List.Item extra={tx.id}>{t('cards.txDetail.id')}</List.Item>
      </List>
    </>
  );
}
