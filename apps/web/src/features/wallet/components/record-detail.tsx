import type { LedgerRecordDetail } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountHeader } from '../../../components/amount-header';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../../lib/format';
import { ledgerTypeLabel } from '../../../lib/ledger-type-label';
import { useAppStore } from '../../../lib/store';
import { RecordFigures } from './record-figures';
import { RecordSubject } from './record-subject';
import styles from './records.module.css';

/** One record in full. */
export function RecordDetail({ record }: { record: LedgerRecordDetail }) {
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
        {record.subject && <RecordSubject subject={record.subject} />}
        {record.figures && <RecordFigures figures={record.figures} />}
        <List.Item extra={`${record.currency} · ${t(`currency.${record.currency}`)}`}>{t('records.detail.currency')}</List.Item>
        <List.Item extra={<span data-testid="record-balance-after">{formatMoney(record.balanceAfter, record.currency)}</span>}>
          {t('records.detail.balanceAfter')}
        </List.Item>
        <List.Item extra={formatDateTime(record.createdAt, language)}>{t('records.detail.time')}</List.Item>
        <List.Item extra={<span className={styles.mono}>{record.id}</span>}>{t('records.detail.id')}</List.Item>
      </List>
    </>
  );
}
