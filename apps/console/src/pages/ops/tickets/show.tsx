import { RefreshButton, Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import type { AdminTicket } from '@wallet/contract';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';
import { StatusTag } from '../shared/status-tag';
import { Conversation } from './conversation';
import { ReplyForm } from './reply-form';

/** One ticket (GET tickets/:id): the member, the conversation with its screenshots, a reply, closing it. */
export function TicketShow() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { query, result: ticket } = useShow<AdminTicket>({ resource: 'tickets', id });
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  const open = ticket?.status === 'processing';

  return (
    <Show
      isLoading={query.isLoading}
      title={ticket ? t('ops.tickets.ticket', { number: ticket.number }) : t('ops.tickets.title')}
      headerButtons={
        <Space wrap>
          {ticket && open ? (
            <ActionButton
              resource="tickets"
              action="assign"
              label={t('ops.tickets.assignToMe')}
              title={t('ops.tickets.assignTitle', { number: ticket.number })}
              warning={t('ops.tickets.assignWarning')}
              url={OPS_API.ticketAssign(ticket.id)}
              successMessage={t('ops.tickets.assigned')}
              onDone={refetch}
            />
          ) : null}
          {ticket && open ? (
            <ActionButton
              resource="tickets"
              action="close"
              label={t('ops.tickets.close')}
              title={t('ops.tickets.closeTitle', { number: ticket.number })}
              warning={t('ops.tickets.closeWarning')}
              url={OPS_API.ticketClose(ticket.id)}
              successMessage={t('ops.tickets.closed')}
              onDone={refetch}
            />
          ) : null}
          <RefreshButton onClick={refetch} />
        </Space>
      }
    >
      {ticket ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={3}
            items={[
              { key: 'member', label: t('ops.members.uid'), children: <Link to={`/members/${ticket.memberUid}`}>{ticket.memberUid}</Link> },
              { key: 'email', label: t('common.email'), children: ticket.memberEmail },
              { key: 'status', label: t('common.status'), children: <StatusTag status={ticket.status} /> },
              { key: 'type', label: t('ops.tickets.type'), children: <Tag>{t(`ops.tickets.types.${ticket.type}`)}</Tag> },
              { key: 'reference', label: t('ops.tickets.reference'), children: ticket.reference ?? t('common.none') },
              { key: 'opened', label: t('ops.tickets.opened'), children: <DateTime value={ticket.createdAt} /> },
              {
                key: 'assigned',
                label: t('ops.tickets.assignedTo'),
                span: 3,
                children: ticket.assignedTo?.email ?? t('ops.tickets.unassigned'),
              },
              {
                key: 'rating',
                label: t('ops.tickets.rating'),
                span: 3,
                children: ticket.rating ? (
                  <Typography.Text>
                    {'★'.repeat(ticket.rating.score)}
                    {'☆'.repeat(5 - ticket.rating.score)} {ticket.rating.comment ?? ''}
                  </Typography.Text>
                ) : (
                  t('common.none')
                ),
              },
            ]}
          />
          <Card size="small" title={t('ops.tickets.conversation')} style={{ marginTop: 16 }}>
            <Conversation ticket={ticket} />
          </Card>
          {open ? <ReplyForm ticketId={ticket.id} onSent={refetch} /> : null}
        </>
      ) : null}
    </Show>
  );
}
