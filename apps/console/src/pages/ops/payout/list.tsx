import { List } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PayoutOrders } from './orders';
import { PayoutSettingsForm } from './settings';

/** Flash exchange: the desk's open orders and, for finance, the settings. */
export function PayoutPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'settings' ? 'settings' : 'orders';
  return (
    <List title={t('ops.payout.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'settings' ? { tab: key } : {})}
        items={[
          { key: 'orders', label: t('ops.payout.orders'), children: tab === 'orders' ? <PayoutOrders /> : null },
          {
            key: 'settings',
            label: t('ops.payout.settings'),
            children:
              tab === 'settings' ? (
                <CanAccess resource="payout" action="settings" fallback={t('common.forbidden')}>
                  <PayoutSettingsForm />
                </CanAccess>
              ) : null,
          },
        ]}
      />
    </List>
  );
}
