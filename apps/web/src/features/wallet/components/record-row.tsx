import type { LedgerRecord } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../../lib/format';
import { ledgerTypeLabel } from '../../../lib/ledger-type-label';
import { useAppStore } from '../../../lib/store';
import styles from './records.module.css';
import walletStyles from './wallet.module.css';

export const RECORD_DETAIL_PATH = '/pages/recordsSun/detail';

/** One movement: what it was and when, the signed amount, and the balance it left. */
export function RecordRow({ record }: { record: LedgerRecord }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const signed = formatSignedMoney(record.amount, record.currency);
  return (
    <LinkItem
      to={`${RECORD_DETAIL_PATH}?id=${encodeURIComponent(record.id)}`}
      description={formatDateTime(record.createdAt, language)}
      testId="record-row"
      extra={
        <div className={walletStyles.amountCell}>
          <div className={`${walletStyles.amountMain} ${walletStyles[signed.direction]}`} data-testid="record-amount">
            {signed.text} <span className={styles.rowCurrency}>{record.currency}</span>
          </div>
          <div className={walletStyles.amountSub}>
            {t('records.balanceAfter', { amount: formatMoney(record.balanceAfter, record.currency) })}
          </div>
        </div>
      }
    >
      <span className={styles.rowLabel}>{ledgerTypeLabel(record.typeCode, language, record.label)}</span>
    </LinkItem>
  );
}
