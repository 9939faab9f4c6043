import { List } from '@refinedev/antd';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecentDeposits } from './recent';
import { UnattributedDeposits } from './unattributed';

/** Deposits: those nobody's bound address sent (to assign), and every deposit seen on chain. */
export function DepositList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'recent' ? 'recent' : 'unattributed';
  return (
    <List title={t('ops.deposits.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'recent' ? { tab: key } : {})}
        items={[
          {
            key: 'unattributed',
            label: t('ops.deposits.unattributed'),
            children: tab === 'unattributed' ? <UnattributedDeposits /> : null,
          },
          { key: 'recent', label: t('ops.deposits.recent'), children: tab === 'recent' ? <RecentDeposits /> : null },
        ]}
      />
    </List>
  );
}
