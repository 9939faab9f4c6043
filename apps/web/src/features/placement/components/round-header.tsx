import type { PlacementRound } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { useAppStore } from '../../../lib/store';
import { sbc, usdt } from './my-placement';
import styles from './placement.module.css';
import { RoundTags, RoundWindow, SoldProgress } from './round-status';

/** The round at a glance: status, price now, sold of total, when it runs, the per-member limits. */
export function RoundHeader({ round }: { round: PlacementRound }) {
  const { t } = useTranslation();
  return (
    <div className={styles.rows} data-testid="round-header">
      <RoundTags round={round} />
      <FigureList
        figures={[
          {
            key: 'price',
            label: t('placement.price'),
            value: round.price === null ? t('placement.noPrice') : usdt(round.price),
            strong: true,
            testId: 'round-price',
          },
          { key: 'remaining', label: t('placement.remaining'), value: sbc(round.remaining), testId: 'round-remaining' },
          { key: 'mine', label: t('placement.myQuantity'), value: sbc(round.myQuantity), testId: 'round-mine' },
        ]}
      />
      <SoldProgress round={round} />
      <RoundWindow round={round} />
    </div>
  );
}

/** The round's rules in the member's language, as the operators wrote them. */
export function RoundRules({ round }: { round: PlacementRound }) {
  const language = useAppStore((state) => state.language);
  return (
    <div className={styles.rows}>
      <p className={styles.rules} translate="no">
        {round.rules[language]}
      </p>
    </div>
  );
}
