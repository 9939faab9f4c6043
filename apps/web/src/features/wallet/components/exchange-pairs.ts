import { CURRENCY_CODES, type Currency } from '@wallet/contract';

export type Pair = { from: Currency; to: Currency };

const byCurrencyOrder = (a: Currency, b: Currency) => CURRENCY_CODES.indexOf(a) - CURRENCY_CODES.indexOf(b);

/** Currencies that can be exchanged from, in the contract's order. */
export function fromChoices(pairs: readonly Pair[]): Currency[] {
  return [...new Set(pairs.map((pair) => pair.from))].sort(byCurrencyOrder);
}

/** Currencies `from` can be exchanged into. */
export function toChoices(pairs: readonly Pair[], from: Currency): Currency[] {
  return pairs
    .filter((pair) => pair.from === from)
    .map((pair) => pair.to)
    .sort(byCurrencyOrder);
}

export function isOffered(pairs: readonly Pair[], from: Currency, to: Currency): boolean {
  return pairs.some((pair) => pair.from === from && pair.to === to);
}

/**
 * The pair to show after a choice: keeps `to` when `from` can reach it, else the first currency it
 * can. Null when nothing is offered at all.
 */
export function settlePair(pairs: readonly Pair[], from: Currency | undefined, to: Currency | undefined): Pair | null {
  const froms = fromChoices(pairs);
  const source = from && froms.includes(from) ? from : froms[0];
  if (!source) return null;
  const targets = toChoices(pairs, source);
  const target = to && targets.includes(to) ? to : targets[0];
  return target ? { from: source, to: target } : null;
}
