import { RECON_SOURCES } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import styles from './reserves.module.css';

/** The reconciliation differences still open at the snapshot, per source: every source listed, none left out for having none. */
export function OpenBreaks({ openBreaks }: { openBreaks: Record<string, number> }) {
  const { t } = useTranslation();
  return (
    <div className={styles.rows}>
      <p className={styles.muted}>{t('reserves.breaksText')}</p>
      <FigureList
        testId="open-breaks"
        figures={RECON_SOURCES.map((source) => {
          const count = openBreaks[source] ?? 0;
          return {
            key: source,
            label: t(`reserves.breakSource.${source}`),
            value: count === 0 ? t('reserves.noBreaks') : t('reserves.breakCount', { count }),
            testId: `breaks-${source}`,
          };
        })}
      />
    </div>
  );
}
