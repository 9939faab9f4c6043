import type { Payee } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './payout.module.css';

/** A payee's name, marked when it is the default. */
export function PayeeName({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  return (
    <span className={styles.payeeName}>
      {/* A person's name as typed: the browser must not translate it, and it is data, not a text of the app. */}
      <span className={styles.payeeNameText} data-testid="payee-holder" translate="no">
        {payee.name}
      </span>
      {payee.isDefault && (
        <Tag color="primary" fill="outline" data-testid="payee-default">
          {t('payout.payees.default')}
        </Tag>
      )}
    </span>
  );
}

/** Which account it is without showing it: the bank, if any, and the account number's end. */
export function PayeeAccount({ payee }: { payee: Pick<Payee, 'bankName' | 'accountMasked'> }) {
  return (
    <span className={styles.payeeAccount} data-testid="payee-account">
      {payee.bankName && <span translate="no">{payee.bankName}</span>}
      <span className={styles.masked}>{payee.accountMasked}</span>
    </span>
  );
}
