import {
  CARD_CONTROL_CATEGORIES,
  type CardControls,
  type CardControlsBody,
  CURRENCIES,
  checkControlLimits,
  Decimal,
  monthStartUtc,
} from '@wallet/contract';
import { recordAudit } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { CardDeps } from '../deps';
import { findUserCard, lockCard } from '../queries';
import { type CardControlsTable, findControls, monthSpent, touchCardVersion, upsertControls } from './queries';

/**
 * A card's spending controls as the member reads and sets them (GET/PUT /api/v1/cards/:id/controls).
 * The authorization decision reads them with the card (its batch read) and applies them (decision.ts);
 * the SQL is in queries.ts.
 */

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
  const row = await findControls(deps.db, card.id);
  const spent = await monthSpent(deps.db, card.id, monthStartUtc(deps.clock.now()));
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
    monthSpent: new Decimal(spent ?? '0').toFixed(decimals),
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
    await upsertControls(trx, card.id, values);
    await touchCardVersion(trx, card.id);
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
