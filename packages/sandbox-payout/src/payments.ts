import { fromMinor, toMinor } from '@wallet/sandbox-issuer';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PayoutStore } from './store';

const MAX_PAGE = 5000;
const DEFAULT_PAGE = 1000;

const fail = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });

/**
 * The partner's side of a reconciliation (inside the API-key scope): every payment made, its totals
 * and the prefunding left. Payments are only ever appended, so a listing is fixed by how many there
 * were when its first page was read: the cursor carries that count, the offset and the as-of time,
 * and every page of one listing answers for the same moment without the sandbox keeping anything.
 */
export function paymentRoutes(api: FastifyInstance, store: PayoutStore) {
  api.get('/v1/payouts', async (request, reply) => {
    const query = request.query as { status?: string; cursor?: string; limit?: string };
    if (query.status !== 'paid') return fail(reply, 400, 'invalid_request', 'status must be paid');
    const limit = query.limit === undefined ? DEFAULT_PAGE : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
      return fail(reply, 400, 'invalid_request', `limit must be an integer from 1 to ${MAX_PAGE}`);
    let count = store.payments.length;
    let offset = 0;
    let asOf = new Date().toISOString();
    if (query.cursor) {
      const [countText = '', offsetText = '', at = ''] = Buffer.from(query.cursor, 'base64url').toString().split('|');
      count = Number(countText);
      offset = Number(offsetText);
      asOf = at;
      const valid = Number.isInteger(count) && Number.isInteger(offset) && offset >= 0 && offset <= count && count <= store.payments.length;
      if (!valid || Number.isNaN(Date.parse(at))) return fail(reply, 400, 'invalid_cursor', 'the cursor is not one this partner gave');
    }
    const end = Math.min(offset + limit, count);
    const payouts = store.payments
      .slice(offset, end)
      .map(({ id, reference, amount, currency, paidAt }) => ({ id, reference, amount, currency, paidAt }));
    const nextCursor = end < count ? Buffer.from(`${count}|${end}|${asOf}`).toString('base64url') : null;
    return { asOf, payouts, nextCursor };
  });

  api.get('/v1/totals', async () => {
    let amount = 0n;
    for (const payment of store.payments) amount += toMinor(payment.amount);
    return { asOf: new Date().toISOString(), paid: { CNY: { count: store.payments.length, amount: fromMinor(amount) } } };
  });

  api.get('/v1/prefunding', async () => ({ asOf: new Date().toISOString(), balances: { CNY: fromMinor(store.prefundingMinor) } }));
}
