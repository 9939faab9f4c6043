import { NETWORKS, type Profile } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import styles from './address.module.css';

/** The bound address in full (people compare it with their wallet), with its network and a copy button. */
export function BoundAddressCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card}>
      <div className={styles.cardHead}>
        <Tag color="primary">{profile.network}</Tag>
        <span className={styles.networkName}>
          {t(`network.${profile.network}`)} · {NETWORKS[profile.network].standard}
        </span>
      </div>
      <div className={styles.addressRow}>
        <code className={styles.address} data-testid="bound-address">
          {profile.address}
        </code>
        <CopyButton text={profile.address} label={t('account.profile.copyAddress')} />
      </div>
      <p className={styles.note}>{t('address.note', { network: profile.network })}</p>
    </div>
  );
}
