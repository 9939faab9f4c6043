import { List, RefreshButton } from '@refinedev/antd';
import type { ReconRun } from '@wallet/contract';
import { Alert, Empty, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, formatDateTime } from '../../components/date-time';
import { QueryError } from '../../components/query-error';
import { ActionButton } from '../ops/shared/action-button';
import { useOffsetPage } from '../placement/paged';
import { BOOKS_API } from './api';
import { unwrap, useFollowedRun } from './follow';
import { RunStatusTag, SourcePoints, useSourceName } from './labels';

const count = (run: ReconRun, name: string) => run.summary?.[name] ?? 0;

/**
 * The reconciliation runs (GET books/runs), newest first: each source's point in time, what the run
 * opened, saw again and resolved, and a failed run's source and sentence. "Run now" starts one and
 * follows it to its end.
 */
export function RunListPage() {
  const { t } = useTranslation();
  const { query, reply, pagination, firstPage } = useOffsetPage<ReconRun>(BOOKS_API.runs);
  const refetch = () => void query.refetch();
  const followed = useFollowedRun(() => {
    firstPage();
    refetch();
  });

  return (
    <List
      title={t('books.runs.title')}
      headerButtons={
        <>
          <RefreshButton onClick={refetch} />
          <ActionButton
            resource="books-runs"
            action="create"
            type="primary"
            label={t('books.runs.runNow')}
            title={t('books.runs.runTitle')}
            warning={t('books.runs.runWarning')}
            url={BOOKS_API.runs}
            successMessage={t('books.runs.started')}
            onDone={(answer) => {
              const run = unwrap<ReconRun>(answer, 'run');
              if (run?.id) followed.follow(run.id);
              refetch();
            }}
          />
        </>
      }
    >
      <Typography.Paragraph type="secondary">{t('books.runs.intro')}</Typography.Paragraph>
      <FollowedRun run={followed.run} error={followed.error} />
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ReconRun>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={reply?.items ?? []}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('books.runs.empty')} /> }}
          columns={[
            { dataIndex: 'cutoffAt', title: t('books.runs.cutoff'), render: (v: string) => <DateTime value={v} /> },
            {
              title: t('books.runs.trigger'),
              render: (_, run) => (
                <Space direction="vertical" size={0}>
                  <span>{t(`books.triggers.${run.trigger}`)}</span>
                  {run.operatorEmail ? <Typography.Text type="secondary">{run.operatorEmail}</Typography.Text> : null}
                </Space>
              ),
            },
            { title: t('books.runs.status'), render: (_, run) => <RunStatus run={run} /> },
            {
              title: t('books.runs.counts'),
              align: 'right',
              render: (_, run) =>
                run.summary ? (
                  <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
                    <Typography.Text style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {count(run, 'opened')} / {count(run, 'seenAgain')} / {count(run, 'resolved')} /{' '}
                      <Typography.Text strong type={count(run, 'open') > 0 ? 'danger' : undefined}>
                        {count(run, 'open')}
                      </Typography.Text>
                    </Typography.Text>
                    {count(run, 'reopened') > 0 ? (
                      <Typography.Text type="secondary">{t('books.runs.countsHelp', { count: count(run, 'reopened') })}</Typography.Text>
                    ) : null}
                  </Space>
                ) : (
                  '—'
                ),
            },
            { title: t('books.runs.sources'), render: (_, run) => <SourcePoints points={run.sources} /> },
            { dataIndex: 'finishedAt', title: t('books.runs.finishedAt'), render: (v: string | null) => <DateTime value={v} /> },
          ]}
        />
      )}
    </List>
  );
}

/** A run's status; a failed one names the source that could not be read and the server's sentence. */
function RunStatus({ run }: { run: ReconRun }) {
  const { t } = useTranslation();
  const sourceName = useSourceName();
  if (run.status !== 'failed') return <RunStatusTag status={run.status} />;
  return (
    <Space direction="vertical" size={0} style={{ maxWidth: 320 }}>
      <span>
        <RunStatusTag status={run.status} />
        {run.errorSource ? (
          <Typography.Text type="danger">{t('books.runs.error', { source: sourceName(run.errorSource) })}</Typography.Text>
        ) : null}
      </span>
      {run.error ? (
        <Typography.Text type="secondary" translate="no" style={{ whiteSpace: 'normal' }}>
          {run.error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** The run started from this page: running, then how it ended. */
function FollowedRun({ run, error }: { run: ReconRun | undefined; error: unknown }) {
  const { t } = useTranslation();
  const sourceName = useSourceName();
  if (error) return <QueryError error={error} />;
  if (!run) return null;
  const style = { marginBottom: 16 };
  if (run.status === 'running') {
    return (
      <Alert
        data-testid="followed-run"
        type="info"
        showIcon
        style={style}
        message={t('books.runs.running', { at: formatDateTime(run.startedAt) })}
      />
    );
  }
  if (run.status === 'failed') {
    return (
      <Alert
        data-testid="followed-run"
        type="error"
        showIcon
        style={style}
        message={t('books.runs.failed', { source: run.errorSource ? sourceName(run.errorSource) : '—' })}
        description={run.error}
      />
    );
  }
  const open = count(run, 'open');
  return (
    <Alert
      data-testid="followed-run"
      type={open > 0 ? 'warning' : 'success'}
      showIcon
      style={style}
      message={t('books.runs.completed', { opened: count(run, 'opened'), open })}
      action={open > 0 ? <Link to="/books/breaks?status=open">{t('books.runs.viewBreaks')}</Link> : undefined}
    />
  );
}
