import type { Db } from '../../platform/db/database';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import { CONSOLE_SETTINGS, type ConsoleSettingKey, readSetting, writeSetting } from '../operators/settings';

export const SETTING_KEYS = Object.keys(CONSOLE_SETTINGS) as [ConsoleSettingKey, ...ConsoleSettingKey[]];

/** Every console setting, as stored or as its default, with who changed it last. */
export async function listSettings(db: Db) {
  const rows = await db
    .selectFrom('console_settings as s')
    .leftJoin('operators as o', 'o.id', 's.updated_by')
    .select(['s.key', 's.value', 's.updated_at', 'o.email'])
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row]));
  return SETTING_KEYS.map((key) => {
    const row = stored.get(key);
    return {
      key,
      value: row?.value ?? CONSOLE_SETTINGS[key].default,
      default: CONSOLE_SETTINGS[key].default,
      updatedAt: row?.updated_at.toISOString() ?? null,
      updatedBy: row?.email ?? null,
    };
  });
}

/** Changes a setting (checked by the store) with its audit entry, before and after, in one transaction. */
export async function changeSetting(db: Db, operator: OperatorContext, key: ConsoleSettingKey, value: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, key);
    await writeSetting(trx, key, value, operator.operatorId);
    await recordOperatorAudit(trx, operator, {
      action: 'setting.change',
      object: `setting:${key}`,
      before: { value: before },
      after: { value },
    });
  });
}
