import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { TabSwitch } from '../../../components/tab-switch';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useNodeAllocations, useNodePurchases } from '../api/nodes';
import { usdt } from './my-placement';
import styles from './placement.module.css';

function Purchases() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const pages = useNodePurchases();
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.items}
      errorTitle={t('nodes.logs.error')}
      empty={<EmptyState title={t('nodes.logs.noPurchases')} compact />}
      endText={t('nodes.logs.end')}
      rows={3}
      compact
    >
      {(items) => (
        <div data-testid="node-purchases">
          {items.map((item) => (
            <div key={item.id} className={styles.item}>
              <div className={styles.itemHead}>
                <span>{t('nodes.logs.bought', { quantity: item.quantity })}</span>
                <span>{usdt(item.amount)}</span>
              </div>
              <span className={styles.muted}>{t('nodes.logs.atPrice', { price: usdt(item.price) })}</span>
              {item.remark && <span className={styles.muted}>{t('nodes.logs.remark', { remark: item.remark })}</span>}
              <span className={styles.muted}>{formatDateTime(item.createdAt, language)}</span>
            </div>
          ))}
        </div>
      )}
    </PagedList>
  );
}

function Allocations() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const pages = useNodeAllocations();
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.items}
      errorTitle={t('nodes.logs.error')}
      empty={<EmptyState title={t('nodes.logs.noAllocations')} compact />}
      endText={t('nodes.logs.end')}
      rows={3}
      compact
    >
      {(items) => (
        <div data-testid="node-allocations">
          {items.map((item) => (
            <div key={item.id} className={styles.item}>
              <div className={styles.itemHead}>
                <span>{t(`nodes.logs.allocated.${item.direction}`)}</span>
                <span>{`${item.direction === 'out' ? '\u2212' : '+'}${item.quantity} ${item.tier === 'small' ? t('nodes.small') : t('nodes.large')}`}</span>
              </div>
              <span className={styles.muted}>{t('nodes.logs.allocator', { email: item.allocator })}</span>
              <span className={styles.muted}>{t('nodes.logs.recipient', { email: item.recipientEmail })}</span>
              <span className={styles.muted}>{formatDateTime(item.createdAt, language)}</span>
            </div>
          ))}
        </div>
      )}
    </PagedList>
  );
}

/** The node purchases and the allocation log (both sides), a tab each. */
export function NodeLogs() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'purchases' | 'allocations'>('purchases');
  return (
    <TabSwitch
      tabs={[
        { key: 'purchases', title: t('nodes.logs.purchases') },
        { key: 'allocations', title: t('nodes.logs.allocations') },
      ]}
      active={tab}
      onChange={setTab}
    >
      {tab === 'purchases' ? <Purchases /> : <Allocations />}
    </TabSwitch>
  );
}
