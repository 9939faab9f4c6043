import { useNavigation } from '@refinedev/core';
import type { Card, TicketSummary } from '@wallet/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { StatusTag } from '../shared/status-tag';
import type { MemberDetail } from '../types';

export function MemberCards({ cards }: { cards: Card[] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="id"
      dataSource={cards}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { dataIndex: ['product', 'name'], title: t('ops.cards.product') },
        { dataIndex: 'maskedNumber', title: t('ops.cards.number'), render: (v: string | null) => v ?? t('common.none') },
        { dataIndex: 'type', title: t('ops.cards.type'), render: (v: string) => t(`ops.cards.types.${v}`) },
        { dataIndex: 'status', title: t('common.status'), render: (v: string) => <StatusTag status={`card_${v}`} /> },
        {
          dataIndex: 'frozen',
          title: t('ops.cards.frozen'),
          render: (frozen: boolean) => (frozen ? <Tag color="blue">{t('ops.cards.frozenYes')}</Tag> : t('common.no')),
        },
        { dataIndex: 'balance', title: t('ops.cards.balance'), render: (v: string, row) => <Money amount={v} currency={row.currency} /> },
        { dataIndex: 'createdAt', title: t('common.createdAt'), render: (v: string) => <DateTime value={v} /> },
      ]}
    />
  );
}

export function MemberSessions({ sessions }: { sessions: MemberDetail['sessions'] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="id"
      dataSource={sessions}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { dataIndex: 'device', title: t('ops.members.device') },
        { dataIndex: 'ip', title: t('ops.members.ip'), render: (v: string | null) => v ?? t('common.none') },
        { dataIndex: 'createdAt', title: t('ops.members.signedIn'), render: (v: string) => <DateTime value={v} /> },
        { dataIndex: 'lastUsedAt', title: t('ops.members.lastUsed'), render: (v: string) => <DateTime value={v} /> },
      ]}
    />
  );
}

export function MemberTickets({ tickets }: { tickets: TicketSummary[] }) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  return (
    <Table
      size="small"
      rowKey="id"
      dataSource={tickets}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(row) => ({ onClick: () => show('tickets', row.id), style: { cursor: 'pointer' } })}
      columns={[
        { dataIndex: 'number', title: t('ops.tickets.number') },
        { dataIndex: 'type', title: t('ops.tickets.type'), render: (v: string) => t(`ops.tickets.types.${v}`) },
        { dataIndex: 'status', title: t('common.status'), render: (v: string) => <StatusTag status={v} /> },
        { dataIndex: 'excerpt', title: t('ops.tickets.excerpt'), ellipsis: true },
        { dataIndex: 'updatedAt', title: t('common.updatedAt'), render: (v: string) => <DateTime value={v} /> },
      ]}
    />
  );
}
