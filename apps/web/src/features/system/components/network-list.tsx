import type { MetaReply } from '@wallet/contract';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './system.module.css';

type Props = { networks: MetaReply['networks'] };

export function NetworkList({ networks }: Props) {
  const { t } = useTranslation();
  return (
    <List>
      {networks.map((network) => (
        <List.Item
          key={network.code}
          prefix={
            <span className={`${styles.badge} ${styles.network}`} aria-hidden="true">
              {network.code}
            </span>
          }
          description={t('home.networks.assets', { assets: network.assets.join(', ') })}
          extra={
            network.bindable && (
              <Tag className={styles.tag} fill="outline" color="success">
                {t('home.networks.bindable')}
              </Tag>
            )
          }
        >
          <span className={styles.networkTitle}>
            <span className={styles.networkName}>{t(`network.${network.code}`)}</span>
            <span className={styles.standard}>{network.standard}</span>
          </span>
        </List.Item>
      ))}
    </List>
  );
}
