import { errorReplySchema } from '@wallet/contract';
import { z } from 'zod';

/** What the card route plugins share: error replies, the card id, the idempotency header, paging. */
export const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
export const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Required. Unique per attempt; a retry with the same key returns the first reply'),
});
export const cardParams = z.object({ id: z.uuid() });
/** A page of a list, newest first: `cursor` is the `nextCursor` of the page before. */
export const pageQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const tags = ['cards'];
export const security = [{ bearer: [] }];
