import {
  CARD_CONTROL_CATEGORIES,
  type CardControlCategory,
  type CardControls,
  type CardControlsBody,
  CURRENCIES,
  checkControlLimits,
  Decimal,
  monthStartUtc,
} from '@wallet/contract';
import { type RawBuilder, sql } from 'kysely';
import { recordAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { CardDeps } from './deps';
import { findUserCard, lockCard } from './queries';

/**
 * A card's spending controls as the member reads and sets them (GET/PUT /api/v1/cards/:id/controls).
 * The authorization decision reads them with the card (authorizations.ts) and applies them
 * (controls-decision.ts).
 */

/** card_controls (migration 0017); not in the shared schema so this module's table stays its own. */
export interface CardControlsTable {
  card_id: string;
  per_purchase_limit: string | null;
  monthly_limit: string | null;
  online_enabled: boolean;
  atm_enabled: boolean;
  blocked_categories: CardControlCategory[];
  updated_at: Date;
}
const withControls = (db: Executor) => db.withTables<{ card_controls: CardControlsTable }>();

/**
 * A card's approved spend since `monthStart`: what its approvals still hold plus what their clearings
 * took, so a reversal gives the limit back. The one definition, used by the decision's read and here.
 * The month is the calendar month in UTC: the decision runs for every member at once, the card
 * network's days and the issuer's statements are in UTC, and a member's travel across time zones
 * cannot move the boundary (or open a second allowance) in the middle of a month.
 */
export const monthSpendSql = (cardId: RawBuilder<unknown>, monthStart: Date) => sql<string>`(
  select coalesce(sum(t.held + coalesce(t.settled_amount, 0)), 0)::text from card_transactions t
  where t.card_id = ${cardId} and t.type = 'authorization' and t.approved and t.created_at >= ${monthStart})`;

const DEFAULTS: Omit<CardControlsTable, 'card_id' | 'updated_at'> = {
  per_purchase_limit: null,
  monthly_limit: null,
  online_enabled: true,
  atm_enabled: true,
  blocked_categories: [],
};

export async function getControls(deps: CardDeps, userId: string, cardId: string): Promise<CardControls> {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  const row = await withControls(deps.db).selectFrom('card_controls').selectAll().where('card_id', '=', card.id).executeTakeFirst();
  const spent = await sql<{
    spent: string;
  }>`select ${monthSpendSql(sql`${card.id}::uuid`, monthStartUtc(deps.clock.now()))} as spent`.execute(deps.db);
  const decimals = CURRENCIES[card.currency].precision;
  const money = (value: string | null) => (value === null ? null : new Decimal(value).toFixed(decimals));
  const controls = row ?? { ...DEFAULTS, updated_at: null };
  return {
    perPurchaseLimit: money(controls.per_purchase_limit),
    monthlyLimit: money(controls.monthly_limit),
    onlineEnabled: controls.online_enabled,
    atmEnabled: controls.atm_enabled,
    blockedCategories: CARD_CONTROL_CATEGORIES.filter((c) => controls.blocked_categories.includes(c)),
    currency: card.currency,
    monthSpent: new Decimal(spent.rows[0]?.spent ?? '0').toFixed(decimals),
    updatedAt: controls.updated_at?.toISOString() ?? null,
  };
}

/**
 * Sets all of a card's controls at once. The card row is updated in the same transaction (its version
 * trigger bumps it), so a decision batch that read the old controls fails its version check and
 * decides again with the new ones: no authorization is decided by controls already replaced.
 */
export async function setControls(deps: CardDeps, userId: string, cardId: string, body: CardControlsBody, ip: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  const refused = checkControlLimits(body, card.currency);
  if (refused) throw new AppError(refused);
  const blank = (v: string | null) => (v === null || v.trim() === '' ? null : new Decimal(v.trim()).toFixed());
  const values = {
    per_purchase_limit: blank(body.perPurchaseLimit),
    monthly_limit: blank(body.monthlyLimit),
    online_enabled: body.onlineEnabled,
    atm_enabled: body.atmEnabled,
    blocked_categories: CARD_CONTROL_CATEGORIES.filter((c) => body.blockedCategories.includes(c)),
    updated_at: deps.clock.now(),
  };
  await deps.db.transaction().execute(async (trx) => {
    await lockCard(trx, card.id);
    await withControls(trx)
      .insertInto('card_controls')
      .values({ card_id: card.id, ...values })
      .onConflict((oc) => oc.column('card_id').doUpdateSet(values))
      .execute();
    await sql`update cards set version = version where id = ${card.id}`.execute(trx);
    await recordAudit(trx, {
      actorKind: 'user',
      actorId: userId,
      action: 'card.controls.update',
      subject: `card:${card.id}`,
      details: {
        perPurchaseLimit: values.per_purchase_limit,
        monthlyLimit: values.monthly_limit,
        onlineEnabled: values.online_enabled,
        atmEnabled: values.atm_enabled,
        blockedCategories: values.blocked_categories,
      },
      ip,
    });
  });
}
