import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

/**
 * The console's settings (ADR 0034): kept in console_settings, changed by admins in the console
 * (audited), read where they decide. A key never written reads its default.
 */
export const CONSOLE_SETTINGS = {
  /** A console session unused this long ends. */
  'console.idle_minutes': { default: '15', valid: (v: string) => integerIn(v, 5, 240) },
  /** An approval request nobody decided within this time expires. */
  'approvals.expiry_hours': { default: '24', valid: (v: string) => integerIn(v, 1, 168) },
  /** A withdrawal of more than this (in its currency) needs a second operator to approve it. */
  'approvals.withdrawal_above': { default: '1000', valid: (v: string) => isDecimalString(v) },
  /** A flash exchange order settled or rejected by hand above this (USDT) needs a second operator. */
  'approvals.payout_above': { default: '1000', valid: (v: string) => isDecimalString(v) },
  /** Days an invitation reward stays pending before it reaches the wallet (0: as soon as it is earned). */
  'rewards.holding_days': { default: '7', valid: (v: string) => integerIn(v, 0, 90) },
  /** The SBC price in USDT that "estimated value" uses in My placement. */
  'placement.sbc_price': { default: '0.12', valid: (v: string) => isPositiveDecimal(v) },
  /** The price of one small node, in USDT. */
  'nodes.small_price': { default: '1000', valid: (v: string) => isPositiveDecimal(v) },
  /** How many small nodes one member may buy in all. */
  'nodes.small_cap': { default: '20', valid: (v: string) => integerIn(v, 1, 9999) },
  /** How many small nodes become one large node. */
  'nodes.upgrade_ratio': { default: '10', valid: (v: string) => integerIn(v, 2, 9999) },
  /** What a large-node application puts on hold, in USDT. */
  'nodes.large_hold': { default: '240000', valid: (v: string) => isPositiveDecimal(v) },
  /** The share of each period's SBC D-pool total paid to large-node holders, in percent. */
  'nodes.dpool_share_percent': { default: '1', valid: (v: string) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && Number(v) > 0 && Number(v) <= 100 },
  /** The hour (UTC) of the daily reconciliation's cut-off. */
  'books.recon_hour': { default: '0', valid: (v: string) => integerIn(v, 0, 23) },
  /** The hour (UTC) of the daily proof-of-reserves snapshot's cut-off. */
  'books.snapshot_hour': { default: '0', valid: (v: string) => integerIn(v, 0, 23) },
} as const;

export type ConsoleSettingKey = keyof typeof CONSOLE_SETTINGS;

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const isDecimalString = (v: string) => DECIMAL.test(v);
/** A positive USDT amount: at most 6 decimals, USDT's precision in the ledger. */
const isPositiveDecimal = (v: string) => /^\d{1,12}(\.\d{1,6})?$/.test(v) && /[1-9]/.test(v);

function integerIn(value: string, min: number, max: number): boolean {
  return /^\d{1,4}$/.test(value) && Number(value) >= min && Number(value) <= max;
}

export async function readSetting(db: Db | Executor, key: ConsoleSettingKey): Promise<string> {
  const row = await db.selectFrom('console_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? CONSOLE_SETTINGS[key].default;
}

export async function readSettings(db: Db | Executor): Promise<Record<ConsoleSettingKey, string>> {
  const rows = await db.selectFrom('console_settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(Object.entries(CONSOLE_SETTINGS).map(([key, spec]) => [key, stored.get(key) ?? spec.default])) as Record<
    ConsoleSettingKey,
    string
  >;
}

type SettingListener = (key: ConsoleSettingKey) => void;
const listeners = new Set<SettingListener>();

/**
 * Hears each setting written, after its transaction commits: the module that acts on a setting (the
 * rewards' release on the holding window) acts at once rather than at its next scheduled run.
 * Returns the unsubscribe function.
 */
export function onSettingChanged(listener: SettingListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Writes a setting after checking it; the caller audits it in the same transaction. */
export async function writeSetting(trx: Executor, key: ConsoleSettingKey, value: string, operatorId: string): Promise<void> {
  if (!CONSOLE_SETTINGS[key].valid(value)) throw new AppError('CONSOLE_SETTING_INVALID');
  afterCommit(trx, () => {
    for (const listener of listeners) listener(key);
  });
  await trx
    .insertInto('console_settings')
    .values({ key, value, updated_by: operatorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: operatorId, updated_at: new Date() }))
    .execute();
}
