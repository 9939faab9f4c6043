import { NETWORKS, type Withdrawal } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { OrderHead } from '../../../components/order-head';
import { Section } from '../../../components/section';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { WithdrawalHistory } from './withdrawal-history';
import { WithdrawalStatusTag } from './withdrawal-status-tag';

/** One withdrawal: amount and status, where it goes, what it cost, its transaction, and each status it passed through. */
export function WithdrawalDetail({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const money = (value: string) => t('orders.amount', { amount: formatMoney(value, w.currency), currency: w.currency });
  const copyable = (value: string, label: string, testId: string) => <CopyableValue value={value} label={label} testId={testId} />;
  return (
    <>
      {/* The nav bar already says "Withdrawal details"; this card says what it holds. */}
      <Section title={t('withdrawalEvents.summary')}>
        <OrderHead amount={money(w.amount)} amountTestId="withdrawal-amount" status={<WithdrawalStatusTag status={w.status} />} />
        <List>
          <List.Item extra={`${w.network} · ${NETWORKS[w.network].standard}`}>{t('orders.network')}</List.Item>
          <List.Item description={copyable(w.address, t('orders.copyAddress'), 'withdrawal-address')}>{t('orders.address')}</List.Item>
          <List.Item extra={money(w.fee)}>{t('orders.fee')}</List.Item>
          <List.Item extra={money(w.total)}>{t('orders.total')}</List.Item>
          <List.Item extra={formatDateTime(w.createdAt, language)}>{t('orders.createdAt')}</List.Item>
          {w.txHash && (
            <List.Item description={copyable(w.txHash, t('orders.copyTxHash'), 'withdrawal-tx')}>{t('orders.txHash')}</List.Item>
          )}
          <List.Item description={copyable(w.id, t('orders.copyId'), 'withdrawal-id')}>{t('orders.id')}</List.Item>
        </List>
      </Section>
      <Section title={t('orders.history')}>
        <WithdrawalHistory withdrawal={w} />
      </Section>
    </>
  );
}
