import { z } from 'zod';

/*
 * Notifications (PRODUCT_SPEC.md section 7, messageSun/index): one per event a member cares about,
 * stored as a code and parameters and written in the member's language when read, so a language
 * switch rewrites the whole list. `ref` names what the notification is about (a record, a card, an
 * order or a ticket) so the app can open it.
 */
export const NOTIFICATION_CODES = [
  'deposit_seen',
  'deposit_credited',
  'withdrawal_sent',
  'withdrawal_failed',
  'transfer_received',
  'card_opened',
  'card_failed',
  'kyc_passed',
  'kyc_failed',
  'card_declined',
  'card_frozen',
  'payout_arrived',
  'payout_rejected',
  'ticket_answered',
  'new_device_login',
  'passkey_added',
  'passkey_removed',
  'totp_added',
  'totp_removed',
  'recovery_codes_renewed',
] as const;
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

/** What a notification is about, for the link the app opens. */
export const NOTIFICATION_REF_KINDS = ['record', 'deposit', 'withdrawal', 'card', 'payout', 'ticket', 'session'] as const;
export type NotificationRefKind = (typeof NOTIFICATION_REF_KINDS)[number];

/** Parameters are strings only (amounts as decimal strings): they are filled into translated texts. */
export const notificationParamsSchema = z.record(z.string(), z.string());
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z
  .object({
    id: z.string().meta({ description: 'Increasing; also the event id on the live stream' }),
    code: z.enum(NOTIFICATION_CODES),
    params: notificationParamsSchema,
    ref: z.object({ kind: z.enum(NOTIFICATION_REF_KINDS), id: z.string() }).nullable(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'NOTIFICATION_ID_INVALID')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const notificationListReplySchema = z
  .object({ notifications: z.array(notificationSchema), nextCursor: z.string().nullable(), unread: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationListReply = z.infer<typeof notificationListReplySchema>;

export const unreadCountReplySchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCountReply = z.infer<typeof unreadCountReplySchema>;

export const markReadBodySchema = z
  .object({
    ids: z
      .array(z.string().regex(/^[1-9]\d{0,17}$/, 'NOTIFICATION_ID_INVALID'))
      .min(1)
      .max(100),
  })
  .meta({ id: 'MarkReadBody' });

/**
 * Events on the live stream (GET /api/v1/me/events, text/event-stream): `ready` once it is open (read
 * what may have changed while it was not); `notification` carries a
 * Notification and its id as the event id (send it back as Last-Event-ID to resume); `balances` says
 * the member's balances changed (read them again); `ticket` says a support ticket of theirs changed.
 */
export const LIVE_EVENT_TYPES = ['ready', 'notification', 'balances', 'ticket'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
