import { Button, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { Section } from '../../components/section';
import { useAddressHistory } from '../../features/account/api/get-address-history';
import { useMe } from '../../features/account/api/get-me';
import { AddressHistoryList } from '../../features/account/components/address-history-list';
import { BoundAddressCard } from '../../features/account/components/bound-address-card';
import { useErrorText } from '../../lib/use-error-text';
import styles from './binding-address.module.css';

/** The bound wallet address, the ones before it, and the way to change it. */
export default function BoundAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const me = useMe();
  const history = useAddressHistory();

  return (
    <>
      <NavBar title={t('address.title')} back />
      <PullToRefresh onRefresh={() => Promise.all([me.refetch(), history.refetch()])}>
        <PageBody>
          <Section title={t('address.current')}>
            {me.isPending ? (
              <LoadingState rows={2} />
            ) : me.isError ? (
              <ErrorState
                title={t('account.loadError')}
                description={errorText(me.error)}
                onRetry={() => void me.refetch()}
                retrying={me.isFetching}
                compact
              />
            ) : (
              <BoundAddressCard profile={me.data} />
            )}
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
