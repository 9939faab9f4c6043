import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Button, Empty, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../components/date-time';
import { QueryError } from '../../components/query-error';
import { AGENCY_API } from './api';
import type { AgencyTicketGrant } from './types';

const UID = /^[1-9]\d{7}$/;

/** Card-ticket grants (GET agency/tickets), newest first, paged by cursor, optionally one member's. */
export function AgencyTicketPage() {
  const { t } = useTranslation();
  const [uid, setUid] = useState('');
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { query } = useCustom<{ items: AgencyTicketGrant[]; nextCursor: string | null }>({
    url: AGENCY_API.grants,
    method: 'get',
    config: { query: { limit: 50, cursor, ...(uid && { uid }) } },
    errorNotification: false,
  });
  const page = query.data?.data;

  return (
    <List title={t('agency.tickets.title')}>
      <Input.Search
        allowClear
        placeholder={t('agency.tickets.filter')}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(value) => {
          const asked = value.trim();
          setCursors([undefined]);
          setUid(UID.test(asked) ? asked : '');
        }}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <Table<AgencyTicketGrant>
            size="small"
            rowKey="id"
            loading={query.isFetching}
            dataSource={page?.items ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('agency.tickets.empty')} /> }}
            columns={[
              { dataIndex: 'createdAt', title: t('agency.time'), render: (v: string) => <DateTime value={v} /> },
              {
                title: t('agency.tickets.owner'),
                render: (_, grant) => (
                  <Space direction="vertical" size={0}>
                    <Link to={`/agency/members?uid=${grant.owner.uid}`}>{grant.owner.uid}</Link>
                    <Typography.Text type="secondary">{grant.owner.email}</Typography.Text>
                  </Space>
                ),
              },
              { dataIndex: 'count', title: t('agency.tickets.count'), align: 'right' },
              { dataIndex: 'remaining', title: t('agency.tickets.remaining'), align: 'right' },
              { dataIndex: 'operator', title: t('agency.operator') },
              { dataIndex: 'note', title: t('agency.note'), ellipsis: true, width: 280 },
            ]}
          />
          <Space style={{ marginTop: 12 }}>
            <Button disabled={cursors.length < 2} onClick={() => setCursors((list) => list.slice(0, -1))}>
              {t('ops.common.newer')}
            </Button>
            <Button disabled={!page?.nextCursor} onClick={() => setCursors((list) => [...list, page?.nextCursor ?? undefined])}>
              {t('ops.common.older')}
            </Button>
          </Space>
        </>
      )}
    </List>
  );
}
