import { List, RefreshButton } from '@refinedev/antd';
import { BREAK_STATUSES, RECON_SOURCES, type ReconBreak } from '@wallet/contract';
import { Empty, Segmented, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { useOffsetPage } from '../placement/paged';
import { BOOKS_API } from './api';
import { BreakStatusTag, whereOf } from './labels';

const amountOrDash = (v: string | null) => (v === null ? '—' : <Money amount={v} />);

/**
 * The reconciliation breaks (GET books/breaks), open ones first: by status and source, each with what
 * differs, its likely cause in words and the exact figures on both sides.
 */
export function BreakListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? 'open';
  const status = BREAK_STATUSES.find((value) => value === asked);
  const source = RECON_SOURCES.find((value) => value === params.get('source'));
  const { query, reply, pagination, firstPage } = useOffsetPage<ReconBreak>(BOOKS_API.breaks, { status, source });
  const refetch = () => void query.refetch();

  const filter = (name: 'status' | 'source', value: string | undefined) => {
    firstPage();
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(name);
    else next.set(name, value);
    setParams(next);
  };

  return (
    <List title={t('books.breaks.title')} headerButtons={<RefreshButton onClick={refetch} />}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        {/* Five statuses are wider than a phone: they scroll in their own box rather than the page. */}
        <div style={{ maxWidth: '100%', minWidth: 0, overflowX: 'auto' }}>
          <Segmented
            value={status ?? 'all'}
            onChange={(value) => filter('status', String(value))}
            options={[...BREAK_STATUSES, 'all'].map((value) => ({ value, label: t(`books.statuses.${value}`) }))}
          />
        </div>
        <Select
          aria-label={t('books.breaks.source')}
          style={{ minWidth: 160 }}
          value={source ?? 'all'}
          onChange={(value: string) => filter('source', value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('books.breaks.allSources') },
            ...RECON_SOURCES.map((value) => ({ value, label: t(`books.sources.${value}`) })),
          ]}
        />
      </div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ReconBreak>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={reply?.items ?? []}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('books.breaks.empty')} /> }}
          columns={[
            { dataIndex: 'source', title: t('books.breaks.source'), render: (v: string) => t(`books.sources.${v}`) },
            {
              title: t('books.breaks.kind'),
              render: (_, brk) => (
                <Space direction="vertical" size={0} style={{ maxWidth: 280 }}>
                  <Link to={`/books/breaks/${brk.id}`}>{t(`books.kinds.${brk.kind}`)}</Link>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'normal' }}>
                    {t(`books.causes.${brk.cause}`)}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: t('books.breaks.where'), render: (_, brk) => <span style={{ whiteSpace: 'nowrap' }}>{whereOf(brk)}</span> },
            {
              dataIndex: 'subject',
              title: t('books.breaks.subject'),
              render: (v: string | null) =>
                v ? (
                  <Typography.Text code translate="no" ellipsis={{ tooltip: v }} style={{ maxWidth: 200 }}>
                    {v}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            { dataIndex: 'expected', title: t('books.breaks.expected'), align: 'right', render: amountOrDash },
            { dataIndex: 'observed', title: t('books.breaks.observed'), align: 'right', render: amountOrDash },
            {
              dataIndex: 'difference',
              title: t('books.breaks.difference'),
              align: 'right',
              render: (v: string) => <Money amount={v} signed />,
            },
            { dataIndex: 'status', title: t('books.breaks.status'), render: (v: ReconBreak['status']) => <BreakStatusTag status={v} /> },
            { dataIndex: 'openedAt', title: t('books.breaks.openedAt'), render: (v: string) => <DateTime value={v} /> },
            { dataIndex: 'updatedAt', title: t('books.breaks.updatedAt'), render: (v: string) => <DateTime value={v} /> },
          ]}
        />
      )}
    </List>
  );
}
