import { Decimal } from '@wallet/contract';

interface Tree {
  root: string;
  total: string;
  leaves: number;
}
interface Reserve {
  currency: string;
  amount: string;
}

/** One currency of a snapshot: its tree's root and total liabilities beside the reserves held in it. */
export interface CurrencyLine {
  currency: string;
  root: string | null;
  liabilities: string;
  leaves: number;
  reserves: string;
}

/**
 * A snapshot's lines per currency, in exact decimals: every currency with a tree or a reserve, the
 * reserves of each summed across sources (wallets on each network, the issuer's float, the partner's
 * prefunding). A currency held but owed to no one shows liabilities 0, never a missing line.
 */
export function currencyLines(trees: Record<string, Tree>, reserves: Reserve[]): CurrencyLine[] {
  const held = new Map<string, Decimal>();
  for (const reserve of reserves) held.set(reserve.currency, (held.get(reserve.currency) ?? new Decimal(0)).plus(reserve.amount));
  const currencies = [...new Set([...Object.keys(trees), ...held.keys()])].sort();
  return currencies.map((currency) => {
    const tree = trees[currency];
    return {
      currency,
      root: tree?.root ?? null,
      liabilities: tree?.total ?? '0',
      leaves: tree?.leaves ?? 0,
      reserves: (held.get(currency) ?? new Decimal(0)).toFixed(),
    };
  });
}
