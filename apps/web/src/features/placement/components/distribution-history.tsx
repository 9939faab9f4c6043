import type { Distribution } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { TabSwitch } from '../../../components/tab-switch';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useDistributions } from '../api/rounds';
import { sbc } from './my-placement';
import styles from './placement.module.css';

type Direction = 'out' | 'in';

function DistributionRows({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const pages = useDistributions(direction);
  const count = pages.data?.pages[0]?.count;
  return (
    <>
      {count !== undefined && (
        <p className={`${styles.muted} ${styles.count}`} data-testid={`distributions-${direction}-count`}>
          {t('placement.history.count', { count })}
        </p>
      )}
      <PagedList
        pages={pages}
        itemsOf={(page) => page.items}
        errorTitle={t('placement.history.error')}
        empty={<EmptyState title={t(`placement.history.empty.${direction}`)} compact />}
        endText={t('placement.history.end')}
        rows={3}
        compact
      >
        {(items: Distribution[]) => (
          <div data-testid={`distributions-${direction}`}>
            {items.map((item) => (
              <div key={item.id} className={styles.item}>
                <div className={styles.itemHead}>
                  <span>{item.account}</span>
                  <span>{`${direction === 'out' ? '\u2212' : '+'}${sbc(item.quantity)}`}</span>
                </div>
                <span className={styles.muted}>{formatDateTime(item.createdAt, language)}</span>
              </div>
            ))}
          </div>
        )}
      </PagedList>
    </>
  );
}

/** Distribution history on both sides: what I handed out, and what others handed me. */
export function DistributionHistory() {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<Direction>('out');
  return (
    <TabSwitch
      tabs={[
        { key: 'out', title: t('placement.history.out') },
        { key: 'in', title: t('placement.history.in') },
      ]}
      active={direction}
      onChange={setDirection}
    >
      <DistributionRows key={direction} direction={direction} />
    </TabSwitch>
  );
}
