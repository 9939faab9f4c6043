import { type Currency, Decimal } from '@wallet/contract';
import type { Db } from '../../../platform/db/database';
import type { SnapshotReserve } from '../../../platform/db/schema-books';
import { cardBalances } from '../../cards/accounts';
import type { IssuerClient } from '../../cards/issuer/client';
import { cardsAfter } from '../../cards/service';
import type { BooksSource, Difference, ReadInput, SourceReading } from '../source';
import { type IssuerCardFigure, readFloat, readIssuer } from './issuer-read';

/** Cards read from the database and their ledger balances at a time: 100,000 cards in 20 rounds. */
const LEDGER_BATCH = 5000;

interface CardRow {
  id: string;
  currency: string;
  status: string;
  issuer_card_id: string | null;
}

const difference = (fields: Omit<Difference, 'source' | 'network' | 'difference'>): Difference => ({
  ...fields,
  source: 'issuer',
  network: null,
  difference: new Decimal(fields.observed ?? '0').minus(fields.expected ?? '0').toFixed(),
});

/**
 * The card issuer against the ledger (issue 45): each card's money, and all cards against the
 * program float.
 *
 * What is compared on a card is the ledger's available plus held against the issuer's balance plus
 * held: what the program owes the cardholder, loads less unloads less cleared purchases plus refunds.
 * The split between spendable and held is not compared: an authorization moves money from one to the
 * other on both sides but not at the same instant (the issuer stands in with its default when we
 * answer late, reversals and expiries arrive as webhooks), so the split differs for a moment without
 * anyone owing anything; the sum differs only when money came or went on one side alone.
 *
 * Every app card that has an issuer card id is compared, whatever its status: money follows the
 * issuer's record, not our view of the card, so a failed or still-opening card holding money at
 * either side is a break. A card without an issuer id (awaiting KYC, or its opening not yet answered)
 * can hold nothing at the issuer, so any money in its ledger accounts is a break too. An issuer card
 * we do not know is a break when it holds money; an empty one (an opening whose answer we never got)
 * owes nobody anything.
 */
export function issuerSource(deps: { db: Db; issuer: IssuerClient }): BooksSource {
  return {
    source: 'issuer',

    // The issuer is read first and in full (outside any transaction), then the ledger in batches.
    async reconcile(input: ReadInput): Promise<SourceReading> {
      const reading = await readIssuer(deps.issuer);
      const differences: Difference[] = [];
      const seen = new Set<string>();
      const ledgerSums = new Map<string, Decimal>();
      let compared = 0;

      for await (const batch of cardBatches(input.db)) {
        const balances = await cardBalances(
          input.db,
          batch.map((card) => card.id),
        );
        for (const card of batch) {
          const own = balances.get(card.id) ?? { balance: '0', held: '0' };
          const ledger = new Decimal(own.balance).plus(own.held);
          ledgerSums.set(card.currency, (ledgerSums.get(card.currency) ?? new Decimal(0)).plus(ledger));
          compared += 1;
          const figure = card.issuer_card_id === null ? undefined : reading.cards.get(card.issuer_card_id);
          if (card.issuer_card_id !== null && figure) seen.add(card.issuer_card_id);
          const found = compareCard(card, ledger, own, figure);
          if (found) differences.push(found);
        }
      }

      for (const [issuerId, figure] of reading.cards) {
        if (seen.has(issuerId) || figure.total.isZero()) continue;
        compared += 1;
        differences.push(
          difference({
            identity: `issuer:unknown_card:${issuerId}`,
            kind: 'card_unknown_to_ledger',
            currency: figure.currency as Currency,
            subject: issuerId,
            expected: null,
            observed: figure.total.toFixed(),
            cause: 'card_missing_in_ledger',
            details: { issuerCardId: issuerId, issuerBalance: figure.balance, issuerHeld: figure.held },
          }),
        );
      }

      const currencies = new Set([...ledgerSums.keys(), ...Object.keys(reading.float.balances)]);
      for (const currency of [...currencies].sort()) {
        const expected = ledgerSums.get(currency) ?? new Decimal(0);
        const observed = new Decimal(reading.float.balances[currency] ?? '0');
        if (expected.eq(observed)) continue;
        differences.push(
          difference({
            identity: `issuer:float:${currency}`,
            kind: 'issuer_float',
            currency: currency as Currency,
            subject: null,
            expected: expected.toFixed(),
            observed: observed.toFixed(),
            cause: 'float_differs_from_cards',
            details: { floatAsOf: reading.float.asOf },
          }),
        );
      }

      return { points: [{ source: 'issuer', asOf: reading.asOf, checked: compared }], differences };
    },

    async reserves(): Promise<SnapshotReserve[]> {
      const float = await readFloat(deps.issuer);
      return Object.entries(float.balances)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amount]) => ({ source: 'issuer', currency, amount: new Decimal(amount).toFixed(), asOf: float.asOf }));
    },
  };
}

function compareCard(
  card: CardRow,
  ledger: Decimal,
  own: { balance: string; held: string },
  figure: IssuerCardFigure | undefined,
): Difference | null {
  const ledgerDetails = {
    cardId: card.id,
    status: card.status,
    issuerCardId: card.issuer_card_id,
    ledgerBalance: own.balance,
    ledgerHeld: own.held,
  };
  if (!figure) {
    // Only an open card is missed at zero: the member can pay with it, so the issuer must know it.
    if (ledger.isZero() && card.status !== 'active') return null;
    return difference({
      identity: `issuer:card:${card.id}`,
      kind: 'card_unknown_to_issuer',
      currency: card.currency as Currency,
      subject: card.id,
      expected: ledger.toFixed(),
      observed: null,
      cause: 'card_missing_at_issuer',
      details: ledgerDetails,
    });
  }
  if (ledger.eq(figure.total)) return null;
  return difference({
    identity: `issuer:card:${card.id}`,
    kind: 'card_balance',
    currency: card.currency as Currency,
    subject: card.id,
    expected: ledger.toFixed(),
    observed: figure.total.toFixed(),
    cause: figure.total.gt(ledger) ? 'loaded_at_issuer_only' : 'unloaded_at_issuer_only',
    details: { ...ledgerDetails, issuerBalance: figure.balance, issuerHeld: figure.held },
  });
}

/** All app cards in id order, a batch at a time (keyset, so each batch is one index range). */
async function* cardBatches(db: Db): AsyncGenerator<CardRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows: CardRow[] = await cardsAfter(db, after, LEDGER_BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as CardRow).id;
    if (rows.length < LEDGER_BATCH) return;
  }
}
