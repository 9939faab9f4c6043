import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { memberContactColumn } from '../auth/service';
import { cardSubjects } from '../cards/service';
import { depositSubjects } from '../chain/record-subjects';
import { payoutSubjects } from '../payout/record-subjects';

/**
 * What a ledger reference ("transfer:<id>", "card:<id>"...) points to, read for a record's detail
 * and for a statement's rows: one query per kind for any number of references, only rows of this
 * member. Other modules' objects are read through their own readers.
 */

export interface Subjects {
  transfers: Map<string, { out: boolean; uid: string; email: string }>;
  cards: Map<string, { last4: string | null }>;
  deposits: Map<string, { network: string; txHash: string }>;
  withdrawals: Map<string, { network: string; address: string; status: string }>;
  payouts: Map<string, { kind: 'alipay' | 'bank'; name: string; last4: string; bankName: string | null; stage: string }>;
}

const REFERENCE = /^(transfer|withdrawal|card|payout|deposit):([0-9a-f-]{36})$/;

export function parseReference(reference: string | null): { kind: keyof Subjects | null; id: string } {
  const match = REFERENCE.exec(reference ?? '');
  if (!match) return { kind: null, id: '' };
  const kinds = { transfer: 'transfers', withdrawal: 'withdrawals', card: 'cards', payout: 'payouts', deposit: 'deposits' } as const;
  return { kind: kinds[match[1] as keyof typeof kinds], id: match[2] as string };
}

/** What the references of these entries point to, read in one query per kind, only rows of this member. */
export async function subjectsOf(db: Db, userId: string, references: (string | null)[]): Promise<Subjects> {
  const ids: Record<keyof Subjects, Set<string>> = {
    transfers: new Set(),
    cards: new Set(),
    deposits: new Set(),
    withdrawals: new Set(),
    payouts: new Set(),
  };
  for (const reference of references) {
    const { kind, id } = parseReference(reference);
    if (kind) ids[kind].add(id);
  }
  const list = (kind: keyof Subjects) => [...ids[kind]];
  const [transfers, cards, deposits, withdrawals, payouts] = await Promise.all([
    ids.transfers.size === 0
      ? []
      : db
          .selectFrom('transfers as t')
          .select([
            't.id',
            't.from_user_id',
            memberContactColumn(sql`case when t.from_user_id = ${userId} then t.to_user_id else t.from_user_id end`).as('other'),
          ])
          .where('t.id', 'in', list('transfers'))
          .where((eb) => eb.or([eb('t.from_user_id', '=', userId), eb('t.to_user_id', '=', userId)]))
          .execute(),
    ids.cards.size === 0 ? [] : cardSubjects(db, userId, list('cards')),
    ids.deposits.size === 0 ? [] : depositSubjects(db, userId, list('deposits')),
    ids.withdrawals.size === 0
      ? []
      : db
          .selectFrom('withdrawals')
          .select(['id', 'network', 'address', 'status'])
          .where('id', 'in', list('withdrawals'))
          .where('user_id', '=', userId)
          .execute(),
    ids.payouts.size === 0 ? [] : payoutSubjects(db, userId, list('payouts')),
  ]);
  return {
    transfers: new Map(
      transfers.flatMap((t) =>
        t.other ? [[t.id, { out: t.from_user_id === userId, uid: t.other.uid, email: t.other.email }] as const] : [],
      ),
    ),
    cards: new Map(cards.map((c) => [c.id, { last4: c.last4 }])),
    deposits: new Map(deposits.map((d) => [d.id, { network: d.network, txHash: d.tx_hash }])),
    withdrawals: new Map(withdrawals.map((w) => [w.id, { network: w.network, address: w.address, status: w.status }])),
    payouts: new Map(
      payouts.map((p) => [
        p.id,
        { kind: p.kind, name: p.payee_name, last4: p.payee_account_last4, bankName: p.payee_bank_name, stage: p.stage },
      ]),
    ),
  };
}
