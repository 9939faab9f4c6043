import { type ILog, useLogList } from '@refinedev/core';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { JsonView } from '../../../components/json-view';
import { QueryError } from '../../../components/query-error';

/** What operators did about this member, from the chained audit log (GET audit?member=), newest first. */
export function MemberAudit({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const query = useLogList<ILog<unknown>[]>({ resource: 'members', meta: { memberUid: uid } });
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <Table<ILog<unknown>>
      size="small"
      rowKey="id"
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{
        expandedRowRender: (row) => (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
            <JsonView value={row.previousData} maxHeight={240} />
            <JsonView value={row.data} maxHeight={240} />
          </div>
        ),
      }}
      columns={[
        { dataIndex: 'createdAt', title: t('ops.common.time'), render: (v: string) => <DateTime value={v} /> },
        { dataIndex: ['author', 'name'], title: t('ops.members.operator') },
        { dataIndex: 'name', title: t('ops.members.action') },
        { dataIndex: ['meta', 'object'], title: t('ops.members.object'), render: (v: string | null) => v ?? t('common.none') },
        { dataIndex: ['meta', 'reason'], title: t('common.reason'), render: (v: string | null) => v ?? t('common.none') },
      ]}
    />
  );
}
