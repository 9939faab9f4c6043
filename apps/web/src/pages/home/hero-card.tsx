import { useTranslation } from 'react-i18next';
import styles from './home.module.css';

/** The product in one sentence, over a drawn card (no image request, sharp at any density). */
export function HeroCard() {
  const { t } = useTranslation();
  return (
    <div className={styles.hero}>
      <div className={styles.heroText}>
        <p className={styles.heroTitle}>{t('app.name')}</p>
        <p className={styles.heroTagline}>{t('home.hero.tagline')}</p>
      </div>
      <div className={styles.heroCard} aria-hidden="true">
        <span className={styles.chip} />
        <span className={styles.cardDots}>•••• ••••</span>
      </div>
    </div>
  );
}
