import type { MetaReply } from '@wallet/contract';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './system.module.css';

type Props = { currencies: MetaReply['currencies'] };

const KIND_CLASS = { crypto: styles.crypto, fiat: styles.fiat, token: styles.token } as const;

export function AssetList({ currencies }: Props) {
  const { t } = useTranslation();
  return (
    <List>
      {currencies.map((currency) => (
        <List.Item
          key={currency.code}
          prefix={
            <span className={`${styles.badge} ${KIND_CLASS[currency.kind]}`} aria-hidden="true">
              {currency.code}
            </span>
          }
          description={t(`currency.${currency.code}`)}
          extra={
            <Tag className={styles.tag} fill="outline" color={currency.kind === 'fiat' ? 'default' : 'primary'}>
              {t(`kind.${currency.kind}`)}
            </Tag>
          }
        >
          <span className={styles.code}>{currency.code}</span>
        </List.Item>
      ))}
    </List>
  );
}
