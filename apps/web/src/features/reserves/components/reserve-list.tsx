import { NETWORK_CODES, type Network, type PublicSnapshot } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { money } from '../money';
import { HashValue } from './hash-value';
import styles from './reserves.module.css';

type Reserve = PublicSnapshot['reserves'][number];

/**
 * What the platform held at the cut-off: each chain wallet with its address, block and the message it
 * signed to prove control (folded away: few read it, anyone can check it), the issuer's float and
 * the payout partner's prefunding, each with the time its source answered for.
 */
export function ReserveList({ reserves }: { reserves: Reserve[] }) {
  const { t } = useTranslation();
  if (reserves.length === 0) return <EmptyState title={t('reserves.noReserves')} compact />;
  return (
    <div data-testid="reserves-held">
      {reserves.map((reserve) => (
        <ReserveRow key={`${reserve.source}-${reserve.network ?? ''}-${reserve.address ?? ''}-${reserve.currency}`} reserve={reserve} />
      ))}
    </div>
  );
}

function ReserveRow({ reserve }: { reserve: Reserve }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const networkName = (network: string) =>
    (NETWORK_CODES as readonly string[]).includes(network) ? t(`network.${network as Network}`) : network;
  return (
    <div className={styles.item}>
      <div className={styles.head}>
        <span>
          {t(`reserves.source.${reserve.source}`)}
          {reserve.network ? ` · ${networkName(reserve.network)}` : ''}
        </span>
        <span>{money(reserve.amount, reserve.currency)}</span>
      </div>
      {reserve.address && (
        <>
          <span className={styles.label}>{t('reserves.address')}</span>
          <HashValue value={reserve.address} label={t('reserves.copyAddress')} />
        </>
      )}
      {reserve.block && <p className={styles.muted}>{t('reserves.block', { block: reserve.block })}</p>}
      {reserve.asOf && <p className={styles.muted}>{t('reserves.asOf', { date: formatDateTime(reserve.asOf, language) })}</p>}
      {reserve.message && reserve.signature && (
        <details className={styles.details}>
          <summary>{t('reserves.signed')}</summary>
          <div className={styles.rows}>
            <span className={styles.label}>{t('reserves.message')}</span>
            <code className={styles.command} translate="no">
              {reserve.message}
            </code>
            <span className={styles.label}>{t('reserves.signature')}</span>
            <HashValue value={reserve.signature} label={t('reserves.copySignature')} />
          </div>
        </details>
      )}
    </div>
  );
}
