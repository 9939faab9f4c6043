import { formatAmount, NETWORKS, type Withdrawal } from '@wallet/contract';
import { List, Steps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { Section } from '../../../components/section';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './withdraw.module.css';
import { WithdrawalStatusTag } from './withdrawal-status-tag';

const FAILED: readonly Withdrawal['status'][] = ['rejected', 'failed'];

/** One withdrawal: amount and status, where it goes, what it cost, its transaction, and each status it passed through. */
export function WithdrawalDetail({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const money = (value: string) => t('orders.amount', { amount: formatAmount(value, w.currency), currency: w.currency });
  const copyable = (value: string, label: string, testId: string): ReactNode => (
    <span className={styles.valueRow}>
      <code className={styles.mono} data-testid={testId}>
        {value}
      </code>
      <CopyButton text={value} label={label} />
    </span>
  );
  const last = w.history.length - 1;

  return (
    <>
      <Section title={t('orders.detailTitle')}>
        <div className={styles.detailHead}>
          <p className={styles.detailAmount} data-testid="withdrawal-amount">
            {money(w.amount)}
          </p>
          <WithdrawalStatusTag status={w.status} />
        </div>
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
        <div className={styles.history} data-testid="withdrawal-history">
          <Steps direction="vertical" current={last}>
            {w.history.map((step, index) => (
              <Steps.Step
                key={`${step.status}-${step.at}`}
                title={t(`orders.status.${step.status}`)}
                status={index === last ? (FAILED.includes(step.status) ? 'error' : 'process') : 'finish'}
                description={
                  <>
                    {formatDateTime(step.at, language)}
                    {step.note && <div className={styles.historyNote}>{step.note}</div>}
                  </>
                }
              />
            ))}
          </Steps>
        </div>
      </Section>
    </>
  );
}
