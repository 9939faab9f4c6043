import { useCan, useCustom } from '@refinedev/core';
import { Badge, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API } from '../../api-paths';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import type { Amounts, Dashboard } from '../../types/console';

// The chart library is large and only this page draws charts: it loads after the figures.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const FIGURES = ['deposits', 'withdrawals', 'cardSpend', 'flashExchange'] as const;

/**
 * Each open queue, the list it opens, and the resource whose list permission links it; a `private`
 * queue is shown only to who may open its list (the books' counts are for who reads the books).
 */
const QUEUES = [
  { key: 'withdrawals', label: 'dashboard.queueWithdrawals', to: '/withdrawals', resource: 'withdrawals' },
  { key: 'unattributedDeposits', label: 'dashboard.queueUnattributedDeposits', to: '/deposits', resource: 'deposits' },
  { key: 'payoutOrders', label: 'dashboard.queuePayoutOrders', to: '/payout', resource: 'payout' },
  { key: 'tickets', label: 'dashboard.queueTickets', to: '/tickets', resource: 'tickets' },
  { key: 'approvals', label: 'dashboard.queueApprovals', to: '/approvals', resource: 'approvals' },
  { key: 'reconBreaks', label: 'dashboard.queueReconBreaks', to: '/books/breaks?status=open', resource: 'books-breaks', private: true },
  {
    key: 'proofFailures',
    label: 'dashboard.queueProofFailures',
    to: '/books/proof-failures',
    resource: 'books-proof-failures',
    private: true,
  },
] as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const { query } = useCustom<Dashboard>({ url: API.dashboard, method: 'get' });
  // The reply itself, not Refine's `result`, which is an empty object until the reply comes.
  const dashboard = query.data?.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('dashboard.today')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {FIGURES.map((figure) => (
              <Col key={figure} xs={24} md={12} xl={5}>
                <Card size="small" title={t(`dashboard.${figure}`)} loading={query.isLoading} style={{ height: '100%' }}>
                  {dashboard && <AmountsList amounts={dashboard.today[figure]} />}
                </Card>
              </Col>
            ))}
            <Col xs={24} md={12} xl={4}>
              <Card size="small" loading={query.isLoading} style={{ height: '100%' }}>
                <Statistic title={t('dashboard.newMembers')} value={dashboard?.today.newMembers ?? 0} />
              </Card>
            </Col>
          </Row>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('dashboard.queues')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {QUEUES.map((queue) => (
              <QueueCard key={queue.key} queue={queue} count={dashboard?.queues[queue.key]} loading={query.isLoading} />
            ))}
          </Row>
        </>
      )}
      <Card title={t('dashboard.charts')} size="small">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <DashboardCharts />
        </Suspense>
      </Card>
    </Space>
  );
}

function AmountsList({ amounts }: { amounts: Amounts }) {
  const { t } = useTranslation();
  const entries = Object.entries(amounts);
  if (entries.length === 0) return <Typography.Text type="secondary">{t('dashboard.nothingToday')}</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {entries.map(([currency, amount]) => (
        <Typography.Text key={currency} style={{ fontSize: 18 }}>
          <Money amount={amount} currency={currency} />
        </Typography.Text>
      ))}
    </Space>
  );
}

function QueueCard({ queue, count, loading }: { queue: (typeof QUEUES)[number]; count: number | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const { data: access } = useCan({ resource: queue.resource, action: 'list' });
  if ('private' in queue && !access?.can) return null;
  const body = (
    <Card size="small" hoverable={access?.can} loading={loading}>
      <Statistic title={t(queue.label)} value={count ?? 0} prefix={count ? <Badge status="processing" /> : <Badge status="default" />} />
    </Card>
  );
  return (
    <Col flex="1 1 200px">
      {access?.can ? (
        <Link to={queue.to} aria-label={`${t(queue.label)}: ${t('dashboard.open')}`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Col>
  );
}
