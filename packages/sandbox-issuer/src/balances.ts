import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FaultBoard } from './faults';
import { fromMinor, isAmount, toMinor } from './money';
import type { SandboxStore } from './store';

/** The most cards one page may carry: large enough that 100,000 cards take 20 calls. */
export const MAX_BALANCE_PAGE = 5000;
const DEFAULT_BALANCE_PAGE = 1000;
/** A listing's frozen view lives this long after its last page was read; a reader slower than that starts again. */
const LISTING_TTL_MS = 10 * 60_000;
/** Few readers list at once; the oldest views are dropped beyond this. */
const MAX_LISTINGS = 8;

export interface CardBalance {
  id: string;
  currency: string;
  balance: string;
  held: string;
}

interface Listing {
  asOf: string;
  cards: CardBalance[];
  touchedAt: number;
}

const fail = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });

/** What approved authorizations still hold, per card, from one pass over them. */
function heldByCard(store: SandboxStore): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const authorization of store.authorizations.values()) {
    const amount = toMinor(authorization.held ?? (authorization.approved ? authorization.amount : '0'));
    if (amount !== 0n) held.set(authorization.cardId, (held.get(authorization.cardId) ?? 0n) + amount);
  }
  return held;
}

/** Every card's balance (what it can spend) and holds, as one moment: sorted by id so pages never skip or repeat. */
export function cardBalances(store: SandboxStore): CardBalance[] {
  const held = heldByCard(store);
  return [...store.cards.values()]
    .map((card) => ({
      id: card.id,
      currency: card.currency,
      balance: fromMinor(card.balanceMinor),
      held: fromMinor(held.get(card.id) ?? 0n),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function floatBalances(store: SandboxStore): Record<string, string> {
  return Object.fromEntries(
    [...store.float.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, cents]) => [currency, fromMinor(cents)]),
  );
}

/**
 * The issuer's side of a reconciliation (inside the API-key scope): every card's balance, paged, and
 * the program float. A listing is frozen when its first page is read and the cursor names that frozen
 * view, so all pages of one listing answer for the same `asOf` even while cards move, as an issuer's
 * end-of-day balance file does.
 */
export function balanceRoutes(api: FastifyInstance, store: SandboxStore, faults: FaultBoard) {
  const listings = new Map<string, Listing>();

  const prune = (now: number) => {
    for (const [id, listing] of listings) if (now - listing.touchedAt > LISTING_TTL_MS) listings.delete(id);
    while (listings.size > MAX_LISTINGS) listings.delete(listings.keys().next().value as string);
  };

  api.get('/v1/balances', async (request, reply) => {
    if (faults.isDown()) return fail(reply, 503, 'unavailable', 'the issuer is unavailable');
    const query = request.query as { cursor?: string; limit?: string };
    const limit = query.limit === undefined ? DEFAULT_BALANCE_PAGE : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_BALANCE_PAGE)
      return fail(reply, 400, 'invalid_request', `limit must be an integer from 1 to ${MAX_BALANCE_PAGE}`);
    const now = Date.now();
    prune(now);
    let listingId: string;
    let offset = 0;
    if (query.cursor) {
      const [id = '', at = ''] = query.cursor.split('.');
      offset = Number(at);
      if (!listings.has(id) || !Number.isInteger(offset) || offset < 0)
        return fail(reply, 400, 'invalid_cursor', 'the cursor is unknown or expired; start the listing again');
      listingId = id;
    } else {
      listingId = randomBytes(8).toString('hex');
      listings.set(listingId, { asOf: new Date(now).toISOString(), cards: cardBalances(store), touchedAt: now });
    }
    const listing = listings.get(listingId) as Listing;
    listing.touchedAt = now;
    const cards = listing.cards.slice(offset, offset + limit);
    const end = offset + cards.length;
    if (end >= listing.cards.length) listings.delete(listingId);
    return { asOf: listing.asOf, cards, nextCursor: end < listing.cards.length ? `${listingId}.${end}` : null };
  });

  api.get('/v1/float', async (_request, reply) => {
    if (faults.isDown()) return fail(reply, 503, 'unavailable', 'the issuer is unavailable');
    return { asOf: new Date().toISOString(), balances: floatBalances(store) };
  });
}

/**
 * A test helper that plants a break on purpose: money appears on a card (and in the float) at the
 * issuer without the app being told, as a load made in the issuer's back office would.
 */
export function plantRoutes(app: FastifyInstance, store: SandboxStore) {
  app.get('/sandbox/float', async () => ({ asOf: new Date().toISOString(), balances: floatBalances(store) }));
  app.post('/sandbox/cards/:id/load-at-issuer-only', async (request, reply) => {
    const card = store.cards.get((request.params as { id: string }).id);
    if (!card) return fail(reply, 404, 'not_found', 'card not found');
    const amount = ((request.body ?? {}) as Record<string, unknown>).amount;
    if (!isAmount(amount)) return fail(reply, 400, 'invalid_request', 'amount must be a positive decimal string with at most 2 decimals');
    card.balanceMinor += toMinor(amount);
    store.moveFloat(card.currency, toMinor(amount));
    return { id: card.id, balance: fromMinor(card.balanceMinor), float: floatBalances(store) };
  });
}
