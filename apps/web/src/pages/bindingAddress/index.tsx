import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useAddressHistory } from '../../features/account/api/get-address-history';
import { useMe } from '../../features/account/api/get-me';
import { AddressHistoryList } from '../../features/account/components/address-history-list';
import { BoundAddressCard } from '../../features/account/components/bound-address-card';
import styles from './binding-address.module.css';

/** The bound wallet address, the ones before it, and the way to change it. */
export default function BoundAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const history = useAddressHistory();

  return (
    <>
      <NavBar title={t('address.title')} back />
      <PullToRefresh onRefresh={() => Promise.all([me.refetch(), history.refetch()])}>
        <PageBody>
          <Section title={t('address.current')}>
            <QueryGate query={me} errorTitle={t('account.loadError')} rows={2} compact>
              {(data) => <BoundAddressCard profile={data} />}
            </QueryGate>
          </Section>
          <div className={styles.action}>
            <Button
              block
              color="primary"
              disabled={!me.isSuccess}
              onClick={() => navigate('/pages/bindingAddress/xiugaiSun/index')}
              data-testid="address-change"
            >
              {t('address.change')}
            </Button>
          </div>
          <Section title={t('address.history')}>
            <AddressHistoryList />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
