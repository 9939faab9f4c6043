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
} as const;

export type ConsoleSettingKey = keyof typeof CONSOLE_SETTINGS;

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const isDecimalString = (v: string) => DECIMAL.test(v);

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
