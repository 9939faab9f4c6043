import { type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { CardsTable, Database } from '../../../platform/db/schema';

// A card from purchase to opened or failed, and its shipping. Cards are read with ../queries.ts.

/** The card a request with this idempotency key already bought. */
export const findByOpeningKey = (db: Executor, userId: string, key: string) =>
  db.selectFrom('cards').selectAll().where('user_id', '=', userId).where('opening_key', '=', key).executeTakeFirst();

export const insertCard = (trx: Transaction<Database>, row: Insertable<CardsTable>) =>
  trx.insertInto('cards').values(row).returningAll().executeTakeFirstOrThrow();

/** The member's cardholder at the issuer; one already recorded (by a run alongside) is kept. */
export const saveCardholder = (db: Executor, userId: string, issuerCardholderId: string) =>
  db
    .insertInto('cardholders')
    .values({ user_id: userId, issuer_cardholder_id: issuerCardholderId, kyc_data: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ issuer_cardholder_id: issuerCardholderId }).where('cardholders.issuer_cardholder_id', 'is', null),
    )
    .execute();

/** The issuer's id of a card asked for, once (a retried job finds it set). */
export const setIssuerCardId = (db: Executor, cardId: string, issuerCardId: string, now: Date) =>
  db
    .updateTable('cards')
    .set({ issuer_card_id: issuerCardId, updated_at: now })
    .where('id', '=', cardId)
    .where('issuer_card_id', 'is', null)
    .execute();

export const markOpened = (trx: Transaction<Database>, cardId: string, opened: Updateable<CardsTable>) =>
  trx.updateTable('cards').set(opened).where('id', '=', cardId).execute();

export const markFailed = (trx: Transaction<Database>, cardId: string, reason: string, now: Date) =>
  trx.updateTable('cards').set({ status: 'failed', failure_reason: reason, updated_at: now }).where('id', '=', cardId).execute();

/** Cards still opening that were bought before `cutoff`. */
export const staleOpenings = (db: Executor, cutoff: Date) =>
  db.selectFrom('cards').select('id').where('status', '=', 'opening').where('created_at', '<', cutoff).execute();

/** A physical card's shipping news, in any order: a late "shipped" never takes a delivered card back. */
export const setShipping = (db: Executor, cardId: string, news: 'shipped' | 'delivered', trackingNumber: string | null, now: Date) =>
  db
    .updateTable('cards')
    .set({
      shipping_status:
        news === 'shipped'
          ? sql<'shipped' | 'delivered'>`case when shipping_status = 'delivered' then 'delivered' else 'shipped' end`
          : 'delivered',
      ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
      updated_at: now,
    })
    .where('id', '=', cardId)
    .returning('user_id')
    .execute();
