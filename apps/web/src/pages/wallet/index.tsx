import { LIMITS } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import styles from './wallet.module.css';

/** No card can exist before card issuing ships, so the honest screen is the empty one. */
export default function WalletPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('tabs.wallet')} />
      <PageBody>
        <div className={styles.panel}>
          <EmptyState
            image={<span className={styles.emptyCard} />}
            title={t('wallet.empty.title')}
            description={t('wallet.empty.description')}
          />
          <ul className={styles.kinds}>
            <li className={styles.kind}>
              <span className={`${styles.kindIcon} ${styles.virtual}`} aria-hidden="true" />
              <div>
                <h3 className={styles.kindTitle}>{t('wallet.empty.virtualTitle')}</h3>
                <p className={styles.kindText}>{t('wallet.empty.virtualText', { minutes: LIMITS.card.openingMinutes })}</p>
              </div>
            </li>
            <li className={styles.kind}>
              <span className={`${styles.kindIcon} ${styles.physical}`} aria-hidden="true" />
              <div>
                <h3 className={styles.kindTitle}>{t('wallet.empty.physicalTitle')}</h3>
                <p className={styles.kindText}>{t('wallet.empty.physicalText')}</p>
              </div>
            </li>
          </ul>
        </div>
      </PageBody>
    </>
  );
}
