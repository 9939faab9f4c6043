import { List } from '@refinedev/antd';
import { useCustom, useNavigation } from '@refinedev/core';
import { TICKET_STATUSES, type TicketStatus, type TicketSummary } from '@wallet/contract';
import { Button, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { MemberLink } from '../shared/member-link';

const PAGE_SIZE = 20;

type AdminTicketSummary = TicketSummary & { memberUid: string };

interface TicketPage {
  tickets: AdminTicketSummary[];
  nextCursor: string | null;
}

/**
 * The support queue by status, newest first (GET tickets?status=). The route pages by cursor, so the
 * table steps to older tickets and back through the cursors already seen.
 */
const ASSIGNED = ['me', 'none'] as const;

export function TicketList() {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const [params, setParams] = useSearchParams();
  const status: TicketStatus = params.get('status') === 'completed' ? 'completed' : 'processing';
  const assigned = ASSIGNED.find((value) => value === params.get('assigned'));
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { query } = useCustom<TicketPage>({
    url: OPS_API.tickets,
    method: 'get',
    config: { query: { status, limit: PAGE_SIZE, cursor, ...(assigned && { assigned }) } },
    errorNotification: false,
  });
  const page = query.data?.data;

  return (
    <List title={t('ops.tickets.title')}>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(value) => {
          setCursors([undefined]);
          setParams(value === 'completed' ? { status: value } : {});
        }}
        options={TICKET_STATUSES.map((value) => ({ value, label: t(`ops.status.${value}`) }))}
      />{' '}
      <Segmented
        style={{ marginBottom: 16 }}
        value={assigned ?? 'all'}
        onChange={(value) => {
          setCursors([undefined]);
          const next = new URLSearchParams(params);
          if (value === 'all') next.delete('assigned');
          else next.set('assigned', String(value));
          setParams(next);
        }}
        options={[
          { value: 'all', label: t('ops.tickets.assignedAll') },
          { value: 'me', label: t('ops.tickets.assignedMe') },
          { value: 'none', label: t('ops.tickets.assignedNone') },
        ]}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <Table<AdminTicketSummary>
            rowKey="id"
            loading={query.isFetching}
            dataSource={page?.tickets ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ onClick: () => show('tickets', row.id), style: { cursor: 'pointer' } })}
            columns={[
              { dataIndex: 'number', title: t('ops.tickets.number') },
              { dataIndex: 'memberUid', title: t('ops.members.uid'), render: (v: string) => <MemberLink uid={v} /> },
              { dataIndex: 'type', title: t('ops.tickets.type'), render: (v: string) => <Tag>{t(`ops.tickets.types.${v}`)}</Tag> },
              { dataIndex: 'excerpt', title: t('ops.tickets.excerpt'), ellipsis: true, width: 360 },
              {
                dataIndex: 'lastReplyBy',
                title: t('ops.tickets.lastReply'),
                render: (v: string | null) =>
                  v === 'member' ? (
                    <Tag color="gold">{t('ops.tickets.waitingForUs')}</Tag>
                  ) : v ? (
                    t('ops.tickets.authors.operator')
                  ) : (
                    t('ops.tickets.noReply')
                  ),
              },
              {
                dataIndex: ['assignedTo', 'email'],
                title: t('ops.tickets.assignedTo'),
                render: (v: string | undefined) => v ?? t('ops.tickets.unassigned'),
              },
              { dataIndex: 'updatedAt', title: t('common.updatedAt'), render: (v: string) => <DateTime value={v} /> },
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
