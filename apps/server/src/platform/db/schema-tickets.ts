import type { Generated } from 'kysely';

/** Tables of the tickets module (support tickets, work orders), migration 0015. */

export type TicketTypeColumn = 'deposit' | 'withdrawal' | 'transfer' | 'exchange' | 'card' | 'flash_exchange' | 'account' | 'other';
export type TicketStatusColumn = 'processing' | 'completed';

export interface TicketsTable {
  id: Generated<string>;
  user_id: string;
  number: string;
  request_key: string;
  type: TicketTypeColumn;
  description: string;
  reference: string | null;
  status: TicketStatusColumn;
  rating: number | null;
  rating_comment: string | null;
  rated_at: Date | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  completed_by: string | null;
  /** The operator who took the ticket ("assign to me"), migration 0029. */
  assigned_to: string | null;
  assigned_at: Date | null;
}

export interface TicketMessagesTable {
  id: Generated<string>;
  ticket_id: string;
  author: 'member' | 'operator';
  author_id: string;
  body: string;
  created_at: Date;
}

export interface TicketAttachmentsTable {
  id: Generated<string>;
  /** The member who uploaded it, or null when an operator did (operator_id). */
  user_id: string | null;
  /** The operator who uploaded it for a reply (migration 0029); the ticket's member may read it once attached. */
  operator_id: string | null;
  ticket_id: string | null;
  message_id: string | null;
  /** Its place among the screenshots of its ticket or reply, as the member ordered them. */
  position: number | null;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  size: number;
  sha256: string;
  bytes: Buffer;
  created_at: Date;
  attached_at: Date | null;
}

export interface TicketTables {
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  ticket_attachments: TicketAttachmentsTable;
}
