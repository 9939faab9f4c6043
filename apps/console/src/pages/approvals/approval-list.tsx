import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../components/date-time';
import { QueryError } from '../../components/query-error';
import type { Approval } from '../../types/console';
import { ApprovalStatusTag, useApprovalSummary, useKindLabel } from './approval-status';

/**
 * The approvals queue. Tabs: requests waiting for the operator's decision (pending, made by someone
 * else, of a kind their roles decide), requests they made, and all. Each tab asks the server with
 * `view` (waiting | mine | all) and, for the first, `status=pending`.
 */
const VIEWS = ['waiting', 'mine', 'all'] as const;
type View = (typeof VIEWS)[number];

function viewFilters(view: View): CrudFilter[] {
  const filters: CrudFilter[] = [{ field: 'view', operator: 'eq', value: view }];
  if (view === 'waiting') filters.push({ field: 'status', operator: 'eq', value: 'pending' });
  return filters;
}

export function ApprovalList() {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const summaryOf = useApprovalSummary();
  const { tableProps, tableQuery, filters, setFilters } = useTable<Approval>({
    resource: 'approvals',
    sorters: { mode: 'off' },
    filters: { mode: 'server', initial: viewFilters('waiting') },
  });
  const view = (filters.find((filter): filter is CrudFilter & { field: string } => 'field' in filter && filter.field === 'view')?.value ??
    'waiting') as View;
  const tabLabels: Record<View, string> = { waiting: t('approvals.tabWaiting'), mine: t('approvals.tabMine'), all: t('approvals.tabAll') };

  return (
    <List title={t('approvals.title')}>
      <Tabs
        activeKey={view}
        onChange={(key) => setFilters(viewFilters(key as View), 'replace')}
        items={VIEWS.map((key) => ({ key, label: tabLabels[key] }))}
      />
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table {...tableProps} rowKey="id" scroll={{ x: 'max-content' }}>
          <Table.Column<Approval>
            dataIndex="kind"
            title={t('approvals.kind')}
            render={(kind: string, record) => <Link to={`/approvals/${encodeURIComponent(record.id)}`}>{kindLabel(kind)}</Link>}
          />
          <Table.Column<Approval>
            dataIndex="summary"
            title={t('approvals.summary')}
            render={(_summary: string, record) => (
              <Typography.Text style={{ maxWidth: 420 }} ellipsis={{ tooltip: summaryOf(record) }}>
                {summaryOf(record)}
              </Typography.Text>
            )}
          />
          <Table.Column<Approval>
            dataIndex="status"
            title={t('common.status')}
            render={(status) => <ApprovalStatusTag status={status} />}
          />
          <Table.Column<Approval> dataIndex={['maker', 'email']} title={t('approvals.maker')} />
          <Table.Column<Approval>
            dataIndex="createdAt"
            title={t('common.createdAt')}
            render={(value: string) => <DateTime value={value} />}
          />
          <Table.Column<Approval>
            dataIndex="expiresAt"
            title={t('approvals.expiresAt')}
            render={(value: string) => <DateTime value={value} />}
          />
        </Table>
      )}
    </List>
  );
}
