import type { AdminTicket, TicketAttachment } from '@wallet/contract';
import { Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time';
import { OPS_API } from '../api';
import { BlobImage } from '../shared/blob-image';

function Screenshots({ attachments }: { attachments: TicketAttachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <Space wrap size={8} style={{ marginTop: 8 }}>
      {attachments.map((attachment, i) => (
        <BlobImage
          key={attachment.id}
          path={OPS_API.ticketAttachment(attachment.id)}
          alt={t('ops.tickets.screenshot', { n: i + 1 })}
          width={160}
        />
      ))}
    </Space>
  );
}

/** The member's description and every reply in order, each with its screenshots (fetched with the console cookie). */
export function Conversation({ ticket }: { ticket: AdminTicket }) {
  const { t } = useTranslation();
  const entry = (author: string, at: string, body: string, attachments: TicketAttachment[]) => (
    <>
      <Space size={8}>
        <Tag color={author === 'member' ? 'gold' : 'blue'}>{t(`ops.tickets.authors.${author}`)}</Tag>
        <Typography.Text type="secondary">{formatDateTime(at)}</Typography.Text>
      </Space>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }}>{body}</Typography.Paragraph>
      <Screenshots attachments={attachments} />
    </>
  );
  return (
    <Timeline
      items={[
        { key: 'description', color: 'gold', children: entry('member', ticket.createdAt, ticket.description, ticket.attachments) },
        ...ticket.messages.map((message) => ({
          key: message.id,
          color: message.author === 'member' ? 'gold' : 'blue',
          children: entry(message.author, message.createdAt, message.body, message.attachments),
        })),
      ]}
    />
  );
}
