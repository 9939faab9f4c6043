import { Decimal } from '@wallet/contract';
import { expect } from 'vitest';
import { ledgerViolations } from '../src/modules/ledger';
import { type CardWorld, call, sandboxGet, type User } from './cards';

const plain = (value: string | Decimal) => new Decimal(value).toFixed();

/** A card as its owner reads it through the API. */
export async function cardView(t: CardWorld, user: User, id: string): Promise<{ balance: string; held: string }> {
  const res = await call(t, user, 'GET', `/api/v1/cards/${id}`, undefined, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Every card: our ledger holds what the issuer holds, and the books balance. The issuer takes an
 * approved authorization off the card's balance at once, while our ledger moves it from available to
 * held; so available is the issuer's balance, and held is what the issuer approved and has not yet
 * cleared or reversed (every approved authorization at the sandbox: none is cleared or reversed there).
 * `owners` names the owner of every card the sandbox has, by our card id.
 */
export async function expectBooksMatchIssuer(t: CardWorld, owners: Map<string, User>) {
  const { cards } = await sandboxGet<{ cards: Array<{ id: string; reference: string; balance: string }> }>(t, '/sandbox/cards');
  const { authorizations } = await sandboxGet<{ authorizations: Array<{ cardId: string; amount: string; approved: boolean }> }>(
    t,
    '/sandbox/authorizations',
  );
  expect(cards.map((c) => c.reference).sort()).toEqual([...owners.keys()].sort());
  for (const card of cards) {
    const { balance, held } = await cardView(t, owners.get(card.reference) as User, card.reference);
    const open = authorizations.filter((a) => a.cardId === card.id && a.approved).reduce((sum, a) => sum.plus(a.amount), new Decimal(0));
    const context = `card ${card.reference}: ledger available ${balance} + held ${held}, issuer ${card.balance} + open authorizations ${open}`;
    expect(plain(new Decimal(balance).plus(held)), context).toBe(plain(new Decimal(card.balance).plus(open)));
    expect(plain(balance), context).toBe(plain(card.balance));
  }
  expect(await ledgerViolations(t.deps.db)).toEqual([]);
}
