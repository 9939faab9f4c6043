import type { PlacementRound } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LinkItem } from '../../../components/link-item';
import { formatMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './placement.module.css';
import { RoundTags, RoundWindow, SoldProgress } from './round-status';

export const roundPath = (id: string) => `/pages/simuSbc/xqing/index?id=${encodeURIComponent(id)}`;

/** Each round with its price now, how much is sold and when it runs; a row opens the round. */
export function RoundList({ rounds }: { rounds: PlacementRound[] }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  if (rounds.length === 0) {
    return <EmptyState title={t('placement.noRounds')} description={t('placement.noRoundsText')} compact />;
  }
  return (
    <List data-testid="round-list">
      {rounds.map((round) => (
        <LinkItem key={round.id} to={roundPath(round.id)} testId={`round-${round.id}`}>
          <div className={styles.rows}>
            <div className={styles.head}>
              <h3 className={styles.name} translate="no">
                {round.name[language]}
              </h3>
              <RoundTags round={round} />
            </div>
            <p className={styles.muted}>
              {round.price === null
                ? t('placement.noPrice')
                : t('placement.priceNow', { price: `${formatMoney(round.price, 'USDT')} USDT` })}
            </p>
            <SoldProgress round={round} />
            <RoundWindow round={round} />
          </div>
        </LinkItem>
      ))}
    </List>
  );
}
