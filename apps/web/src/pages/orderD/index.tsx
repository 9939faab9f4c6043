import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { useWithdrawal } from '../../features/withdraw/api/get-withdrawal';
import { useWithdrawals } from '../../features/withdraw/api/get-withdrawals';
import { WithdrawalDetail } from '../../features/withdraw/components/withdrawal-detail';
import { WithdrawalList } from '../../features/withdraw/components/withdrawal-list';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-text';
import styles from './order-d.module.css';

const ORDERS_PATH = '/pages/orderD/index';
const WITHDRAW_PATH = '/pages/withdrawSun/index';

/** My withdrawal orders; with `?id=` one of them in detail. */
export default function OrdersPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <OrderDetail id={id} /> : <OrderList />;
}

function OrderList() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useWithdrawals();
  const withdrawals = list.data?.pages.flatMap((page) => page.withdrawals) ?? [];

  const body = () => {
    if (list.isPending) return <LoadingState rows={6} />;
    if (list.isError) {
      return (
        <ErrorState
          title={t('orders.loadError')}
          description={errorText(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      );
    }
    if (withdrawals.length === 0) {
      return (
        <EmptyState image={<FileOutline />} title={t('orders.empty')} description={t('orders.emptyText')}>
          <Link className={styles.action} to={WITHDRAW_PATH} data-testid="orders-withdraw">
            {t('orders.withdraw')}
          </Link>
        </EmptyState>
      );
    }
    return (
      <Section title={t('orders.listTitle')}>
        <WithdrawalList
          withdrawals={withdrawals}
          detailPath={(withdrawalId) => `${ORDERS_PATH}?id=${encodeURIComponent(withdrawalId)}`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </Section>
    );
  };

  return (
    <>
      <NavBar title={t('orders.title')} back />
      <PullToRefresh onRefresh={() => list.refetch()}>
        <PageBody>{body()}</PageBody>
      </PullToRefresh>
    </>
  );
}

function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const withdrawal = useWithdrawal(id);

  const body = () => {
    if (withdrawal.isPending) return <LoadingState rows={8} />;
    if (withdrawal.isError) {
      const missing =
        withdrawal.error instanceof ApiError &&
        (withdrawal.error.code === 'WITHDRAWAL_NOT_FOUND' || withdrawal.error.code === 'VALIDATION_FAILED');
      if (missing) {
        return (
          <EmptyState image={<FileOutline />} title={t('orders.notFound')} description={t('orders.notFoundText')}>
            <Link className={styles.action} to={ORDERS_PATH} replace>
              {t('orders.allOrders')}
            </Link>
          </EmptyState>
        );
      }
      return (
        <ErrorState
          title={t('orders.loadError')}
          description={errorText(withdrawal.error)}
          onRetry={() => void withdrawal.refetch()}
          retrying={withdrawal.isFetching}
        />
      );
    }
    return <WithdrawalDetail withdrawal={withdrawal.data} />;
  };

  return (
    <>
      <NavBar title={t('orders.detailTitle')} back />
      <PullToRefresh onRefresh={() => withdrawal.refetch()}>
        <PageBody>{body()}</PageBody>
      </PullToRefresh>
    </>
  );
}
