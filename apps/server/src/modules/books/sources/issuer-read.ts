import { Decimal } from '@wallet/contract';
import { z } from 'zod';
import type { IssuerClient, IssuerFloat } from '../../cards/issuer/client';
import { readSource, SourceUnavailable } from '../source';

/** The largest page the issuer serves: 100,000 cards in 20 calls. */
export const ISSUER_PAGE = 5000;
/** A listing whose float moved while it was read is read again, this many times at most. */
const STEADY_ATTEMPTS = 3;

const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
const pageSchema = z.object({
  asOf: z.string().min(1),
  cards: z.array(z.object({ id: z.string().min(1), currency: z.string().min(1), balance: amount, held: amount })),
  nextCursor: z.string().min(1).nullable(),
});
const floatSchema = z.object({ asOf: z.string().min(1), balances: z.record(z.string(), amount) });

export interface IssuerCardFigure {
  currency: string;
  /** What the issuer owes on the card: its spendable balance plus what authorizations hold. */
  total: Decimal;
  balance: string;
  held: string;
}

export interface IssuerReading {
  asOf: string;
  cards: Map<string, IssuerCardFigure>;
  float: IssuerFloat;
}

const read = <T>(what: string, call: () => Promise<unknown>, schema: z.ZodType<T>) =>
  readSource({ source: 'issuer', name: 'card issuer' }, what, call, schema);

export const readFloat = (issuer: IssuerClient) => read('float', () => issuer.getFloat(), floatSchema);

async function readCards(issuer: IssuerClient) {
  const cards = new Map<string, IssuerCardFigure>();
  let cursor: string | null = null;
  let asOf: string | null = null;
  do {
    const page = await read('card balances', () => issuer.listBalances({ cursor, limit: ISSUER_PAGE }), pageSchema);
    if (asOf !== null && page.asOf !== asOf)
      throw new SourceUnavailable('issuer', `the card issuer's listing changed its as-of time between pages (${asOf}, ${page.asOf})`);
    asOf = page.asOf;
    for (const card of page.cards) {
      if (cards.has(card.id)) throw new SourceUnavailable('issuer', 'the card issuer listed a card twice in one listing');
      const total = new Decimal(card.balance).plus(card.held);
      cards.set(card.id, { currency: card.currency, total, balance: card.balance, held: card.held });
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { asOf: asOf as string, cards };
}

const sameFloat = (a: IssuerFloat, b: IssuerFloat) => {
  const keys = new Set([...Object.keys(a.balances), ...Object.keys(b.balances)]);
  return [...keys].every((key) => new Decimal(a.balances[key] ?? '0').eq(b.balances[key] ?? '0'));
};

/**
 * Every card's figure and the float, as close to one moment as the issuer allows: the float read
 * before and after the listing must agree, or cards moved meanwhile and a float break would only
 * be the timing; it is read again (a few times, then taken as it stands, and any break it leaves
 * resolves at the next run).
 */
export async function readIssuer(issuer: IssuerClient): Promise<IssuerReading> {
  let before = await readFloat(issuer);
  for (let attempt = 1; ; attempt++) {
    const { asOf, cards } = await readCards(issuer);
    const after = await readFloat(issuer);
    if (sameFloat(before, after) || attempt >= STEADY_ATTEMPTS) return { asOf, cards, float: before };
    before = after;
  }
}
