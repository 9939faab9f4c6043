import { List } from '@refinedev/antd';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WithdrawalHistory } from './history';
import { WithdrawalQueue } from './queue';

/** Withdrawals: the review queue (pending) and every withdrawal by status (history). */
export function WithdrawalList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'queue';
  return (
    <List title={t('ops.withdrawals.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'history' ? { tab: key } : {})}
        items={[
          { key: 'queue', label: t('ops.withdrawals.queue'), children: tab === 'queue' ? <WithdrawalQueue /> : null },
          { key: 'history', label: t('ops.withdrawals.history'), children: tab === 'history' ? <WithdrawalHistory /> : null },
        ]}
      />
    </List>
  );
}
