import type { BindableNetwork, SavedAddress } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shortenAddress } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './address-book.module.css';

/** Whether withdrawals to the address are accepted yet, and if not, from when (the member's local time). */
export function Maturity({ address }: { address: SavedAddress }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return address.usable ? (
    <span className={styles.ready} data-testid="address-usable">
      {t('addressBook.usable')}
    </span>
  ) : (
    <span className={styles.pending} data-testid="address-pending">
      {t('addressBook.usableFrom', { time: formatDateTime(address.usableFrom, language) })}
    </span>
  );
}

/** The member's name for it, or what saved it when it has none. */
export function AddressLabel({ address }: { address: SavedAddress }) {
  const { t } = useTranslation();
  return address.label ? (
    // The member's own words, in whatever language they typed them.
    <span className={styles.label} translate="no">
      {address.label}
    </span>
  ) : (
    <span className={`${styles.label} ${styles.unnamed}`}>{t('addressBook.unnamed')}</span>
  );
}

/** The network and the address, shortened to its ends (the whole of it in the tooltip). */
export function AddressLine({ destination }: { destination: { network: BindableNetwork; address: string } }) {
  return (
    <span className={styles.address}>
      <Tag color="primary" fill="outline">
        {destination.network}
      </Tag>
      <span title={destination.address}>{shortenAddress(destination.address, 8, 8)}</span>
    </span>
  );
}
