import { LinkOutlined } from '@ant-design/icons';
import { List, RefreshButton } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import type { consoleSnapshotSchema } from '@wallet/contract';
import { Alert, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime, formatDateTime } from '../../components/date-time';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { ActionButton } from '../ops/shared/action-button';
import { BOOKS_API, PUBLIC_RESERVES_PAGE, rowsOf } from './api';
import { type CurrencyLine, currencyLines } from './reserves-lines';

type ConsoleSnapshot = ReturnType<(typeof consoleSnapshotSchema)['parse']>;
type Reserve = ConsoleSnapshot['reserves'][number];

/** How often the list is asked again while a snapshot is building. */
const POLL_MS = 2000;
const STATUS_COLOURS: Record<ConsoleSnapshot['status'], string> = { building: 'processing', published: 'green', failed: 'red' };

const building = (rows: ConsoleSnapshot[]) => rows.some((s) => s.status === 'building');

/**
 * The proof-of-reserves snapshots (GET books/snapshots): per currency the tree's root and total
 * liabilities beside the reserves, the failed member checks; "Build now" makes one and the list
 * follows it until it is published or failed.
 */
export function SnapshotListPage() {
  const { t } = useTranslation();
  const { query } = useCustom<{ items: ConsoleSnapshot[] } | ConsoleSnapshot[]>({
    url: BOOKS_API.snapshots,
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: (q) => (building(rowsOf(q.state.data?.data)) ? POLL_MS : false) },
  });
  const rows = rowsOf(query.data?.data);
  const refetch = () => void query.refetch();
  const latest = rows[0];

  return (
    <List
      title={t('books.reserves.title')}
      headerButtons={
        <>
          <RefreshButton onClick={refetch} />
          {/* A link, not a button: it opens the public page and changes nothing. */}
          <Typography.Link href={PUBLIC_RESERVES_PAGE} target="_blank" rel="noopener" style={{ whiteSpace: 'nowrap' }}>
            <LinkOutlined /> {t('books.reserves.publicPage')}
          </Typography.Link>
          <ActionButton
            resource="books-reserves"
            action="create"
            type="primary"
            label={t('books.reserves.buildNow')}
            title={t('books.reserves.buildTitle')}
            warning={t('books.reserves.buildWarning')}
            url={BOOKS_API.snapshots}
            successMessage={t('books.reserves.started')}
            onDone={refetch}
          />
        </>
      }
    >
      <Typography.Paragraph type="secondary">{t('books.reserves.intro')}</Typography.Paragraph>
      {latest?.status === 'building' ? (
        <Alert
          data-testid="snapshot-building"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('books.reserves.building', { at: formatDateTime(latest.createdAt) })}
        />
      ) : null}
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ConsoleSnapshot>
          size="small"
          rowKey="id"
          loading={query.isFetching && !building(rows)}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('books.reserves.empty')} /> }}
          expandable={{
            expandedRowRender: (snapshot) => <Reserves reserves={snapshot.reserves} />,
            rowExpandable: (s) => s.reserves.length > 0,
          }}
          columns={[
            { dataIndex: 'cutoffAt', title: t('books.reserves.cutoff'), render: (v: string) => <DateTime value={v} /> },
            {
              title: t('books.reserves.status'),
              render: (_, s) => (
                <Space direction="vertical" size={0} style={{ maxWidth: 280 }}>
                  <Tag color={STATUS_COLOURS[s.status]}>{t(`books.reserves.statuses.${s.status}`)}</Tag>
                  {s.error ? (
                    <Typography.Text type="danger" translate="no" style={{ whiteSpace: 'normal' }}>
                      {s.error}
                    </Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            { title: t('books.reserves.currency'), render: (_, s) => <Lines lines={currencyLines(s.trees, s.reserves)} /> },
            {
              dataIndex: 'openBreaks',
              title: t('books.reserves.openBreaks'),
              render: (v: Record<string, number>) => {
                const entries = Object.entries(v).filter(([, n]) => n > 0);
                return entries.length === 0
                  ? '0'
                  : entries.map(([source, n]) => `${t(`books.sources.${source}`, { defaultValue: source })} ${n}`).join(' · ');
              },
            },
            {
              dataIndex: 'failedChecks',
              title: t('books.reserves.failedChecks'),
              align: 'right',
              render: (v: number) => <Typography.Text type={v > 0 ? 'danger' : undefined}>{v}</Typography.Text>,
            },
            { dataIndex: 'publishedAt', title: t('books.reserves.publishedAt'), render: (v: string | null) => <DateTime value={v} /> },
          ]}
        />
      )}
    </List>
  );
}

/** Each currency: its root (short, copyable), total liabilities over its leaves, and the reserves held. */
function Lines({ lines }: { lines: CurrencyLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <>—</>;
  return (
    <Table<CurrencyLine>
      size="small"
      rowKey="currency"
      pagination={false}
      showHeader
      dataSource={lines}
      columns={[
        { dataIndex: 'currency', title: t('books.reserves.currency') },
        {
          dataIndex: 'root',
          title: t('books.reserves.root'),
          render: (v: string | null) =>
            v ? (
              <Tooltip title={v}>
                <Typography.Text code translate="no" copyable={{ text: v }}>
                  {v.slice(0, 10)}…
                </Typography.Text>
              </Tooltip>
            ) : (
              '—'
            ),
        },
        {
          dataIndex: 'liabilities',
          title: t('books.reserves.liabilities'),
          align: 'right',
          render: (v: string, line) => (
            <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
              <Money amount={v} />
              <Typography.Text type="secondary">{t('books.reserves.leaves', { count: line.leaves })}</Typography.Text>
            </Space>
          ),
        },
        { dataIndex: 'reserves', title: t('books.reserves.reservesHeld'), align: 'right', render: (v: string) => <Money amount={v} /> },
      ]}
    />
  );
}

/** Where the reserves are: each wallet with its network, address and block, the issuer's float, the partner's prefunding. */
function Reserves({ reserves }: { reserves: Reserve[] }) {
  const { t } = useTranslation();
  return (
    <Table<Reserve>
      size="small"
      rowKey={(r) => `${r.source}:${r.network ?? ''}:${r.address ?? ''}:${r.currency}`}
      pagination={false}
      dataSource={reserves}
      columns={[
        { dataIndex: 'source', title: t('books.breaks.source'), render: (v: string) => t(`books.sources.${v}`) },
        { title: t('books.breaks.where'), render: (_, r) => (r.network ? `${r.network} · ${r.currency}` : r.currency) },
        {
          dataIndex: 'address',
          title: t('books.breaks.subject'),
          render: (v: string | undefined) =>
            v ? (
              <Typography.Text code translate="no" copyable>
                {v}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        {
          title: t('books.runs.sources'),
          render: (_, r) =>
            r.block ? t('books.runs.block', { block: r.block }) : r.asOf ? t('books.runs.asOf', { at: formatDateTime(r.asOf) }) : '—',
        },
        { dataIndex: 'amount', title: t('books.reserves.reservesHeld'), align: 'right', render: (v: string) => <Money amount={v} /> },
      ]}
    />
  );
}
