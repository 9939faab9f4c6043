import type { LedgerRecord } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountHeader } from '../../../components/amount-header';
import { formatDateTime, formatExactMoney, formatSignedMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { ledgerTypeLabel } from './ledger-type-label';
import styles from './records.module.css';

/** One record in full. */
export function RecordDetail({ record }: { record: LedgerRecord }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const signed = formatSignedMoney(record.amount, record.currency);
  return (
    <>
      <AmountHeader
        label={ledgerTypeLabel(record.typeCode, language, record.label)}
        amount={signed.text}
        currency={record.currency}
        direction={signed.direction}
        labelTestId="record-type"
        amountTestId="record-detail-amount"
      />
      <List>
        <List.Item extra={`${record.currency} · ${t(`currency.${record.currency}`)}`}>{t('records.detail.currency')}</List.Item>
        <List.Item extra={<span data-testid="record-balance-after">{formatExactMoney(record.balanceAfter, record.currency)}</span>}>
          {t('records.detail.balanceAfter')}
        </List.Item>
        <List.Item extra={formatDateTime(record.createdAt, language)}>{t('records.detail.time')}</List.Item>
        <List.Item extra={<span className={styles.mono}>{record.id}</span>}>{t('records.detail.id')}</List.Item>
        {record.reference && (
          <List.Item description={<span className={styles.mono}>{record.reference}</span>}>{t('records.detail.reference')}</List.Item>
        )}
      </List>
    </>
  );
}
