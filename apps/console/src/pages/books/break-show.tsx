import { RefreshButton, Show } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import type { BREAK_EVENTS, ReconBreak } from '@wallet/contract';
import { Alert, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { JsonView } from '../../components/json-view';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { BOOKS_API } from './api';
import { AcceptBreak, BookBreak } from './break-actions';
import { unwrap } from './follow';
import { BreakStatusTag, whereOf } from './labels';

interface BreakEvent {
  id: string;
  event: (typeof BREAK_EVENTS)[number];
  runId: string | null;
  expected: string | null;
  observed: string | null;
  difference: string | null;
  operatorEmail: string | null;
  approvalId: string | null;
  journalId: string | null;
  note: string | null;
  at: string;
}
type BreakDetail = ReconBreak & { history: BreakEvent[] };

const EVENT_COLOURS: Record<BreakEvent['event'], string> = {
  opened: 'red',
  seen_again: 'orange',
  resolved: 'green',
  reopened: 'volcano',
  fixed: 'blue',
  accepted: 'default',
};
const amountOrDash = (v: string | null) => (v === null ? '—' : <Money amount={v} />);
const idText = (v: string | null) =>
  v ? (
    <Typography.Text code translate="no" copyable={{ text: v }}>
      {v.slice(0, 8)}
    </Typography.Text>
  ) : (
    '—'
  );

/** One break (GET books/breaks/:id): the difference, what the source said, its full history, and accept or book while open. */
export function BreakShowPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { query } = useCustom<Record<string, unknown>>({ url: BOOKS_API.break(id), method: 'get', errorNotification: false });
  const brk = unwrap<BreakDetail>(query.data?.data, 'break');
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  return (
    <Show
      isLoading={!brk}
      title={brk ? t('books.show.title', { kind: t(`books.kinds.${brk.kind}`) }) : t('books.breaks.title')}
      headerButtons={
        brk ? (
          <>
            <RefreshButton onClick={refetch} />
            {brk.status === 'open' ? (
              <>
                <AcceptBreak brk={brk} onDone={refetch} />
                <BookBreak brk={brk} />
              </>
            ) : null}
          </>
        ) : null
      }
    >
      {brk ? <BreakDetailView brk={brk} /> : null}
    </Show>
  );
}

function BreakDetailView({ brk }: { brk: BreakDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Card size="small" title={t('books.show.overview')} style={{ marginBottom: 16 }}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('books.breaks.status')}>
            <BreakStatusTag status={brk.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.source')}>{t(`books.sources.${brk.source}`)}</Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.where')}>{whereOf(brk)}</Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.cause')} span={{ xs: 1, md: 2, xl: 3 }}>
            <Typography.Text strong data-testid="break-cause">
              {t(`books.causes.${brk.cause}`)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.expected')}>{amountOrDash(brk.expected)}</Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.observed')}>{amountOrDash(brk.observed)}</Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.difference')}>
            <Money amount={brk.difference} currency={brk.currency} signed />
          </Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.subject')}>
            {brk.subject ? (
              <Typography.Text code translate="no" copyable>
                {brk.subject}
              </Typography.Text>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('books.show.identity')}>
            <Typography.Text code translate="no" style={{ wordBreak: 'break-all' }}>
              {brk.identity}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('books.show.journal')}>{idText(brk.journalId)}</Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.openedAt')}>
            <DateTime value={brk.openedAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('books.breaks.updatedAt')}>
            <DateTime value={brk.updatedAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('books.show.closedAt')}>
            <DateTime value={brk.closedAt} />
          </Descriptions.Item>
        </Descriptions>
        {brk.status === 'open' && !brk.bookable ? (
          <Alert type="info" showIcon style={{ marginTop: 16 }} message={t('books.show.notBookable')} />
        ) : null}
      </Card>
      <Card size="small" title={t('books.show.history')} style={{ marginBottom: 16 }}>
        <Table<BreakEvent>
          data-testid="break-history"
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={brk.history}
          scroll={{ x: 'max-content' }}
          columns={[
            { dataIndex: 'at', title: t('books.show.at'), render: (v: string) => <DateTime value={v} /> },
            {
              dataIndex: 'event',
              title: t('books.show.event'),
              render: (v: BreakEvent['event']) => <Tag color={EVENT_COLOURS[v]}>{t(`books.events.${v}`)}</Tag>,
            },
            { dataIndex: 'runId', title: t('books.show.run'), render: idText },
            {
              title: t('books.show.figures'),
              align: 'right',
              render: (_, e) =>
                e.difference === null && e.expected === null && e.observed === null ? (
                  '—'
                ) : (
                  <Space size={4} style={{ whiteSpace: 'nowrap' }}>
                    {amountOrDash(e.expected)}/{amountOrDash(e.observed)}/
                    {e.difference === null ? '—' : <Money amount={e.difference} signed />}
                  </Space>
                ),
            },
            { dataIndex: 'operatorEmail', title: t('books.show.operator'), render: (v: string | null) => v ?? '—' },
            {
              dataIndex: 'note',
              title: t('books.show.note'),
              render: (v: string | null) =>
                v ? (
                  <Typography.Paragraph translate="no" style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: 320 }}>
                    {v}
                  </Typography.Paragraph>
                ) : (
                  '—'
                ),
            },
            {
              dataIndex: 'approvalId',
              title: t('books.show.approval'),
              render: (v: string | null) => (v ? <Link to={`/approvals/${encodeURIComponent(v)}`}>{v.slice(0, 8)}</Link> : '—'),
            },
            { dataIndex: 'journalId', title: t('books.show.journal'), render: idText },
          ]}
        />
      </Card>
      <Card size="small" title={t('books.show.details')}>
        <JsonView value={brk.details} />
      </Card>
    </>
  );
}
