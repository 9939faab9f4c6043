import type { Transaction } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/*
 * Card tickets at card opening (issue 43). A ticket an agency member handed to a member (holder_id
 * set, card_id null) pays the opening fee of that member's next card with a fee: the cards module
 * takes it in the transaction that writes the card row and its fee journal, and gives it back in the
 * transaction that fails the opening. The ticket row is the record that a ticket paid for a card
 * (cards has no column for it): card_id and used_at.
 */

/** Whether the member holds a ticket that would pay their next opening fee: shown before the payment password. */
export async function holdsUnusedTicket(db: Executor, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agency_tickets')
    .select('id')
    .where('holder_id', '=', memberId)
    .where('card_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the member's oldest unused ticket for their opening, or null when they hold none. Not
 * SKIP LOCKED: a parallel opening holding it is waited for, and when it commits the row no longer
 * matches (card_id set), so exactly one opening gets the ticket and the other sees none.
 */
export async function lockUnusedTicket(trx: Transaction<Database>, memberId: string): Promise<{ id: string } | null> {
  const row = await trx
    .selectFrom('agency_tickets')
    .select('id')
    .where('holder_id', '=', memberId)
    .where('card_id', 'is', null)
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** The locked ticket pays for `cardId`: written with the card row and the fee journal. */
export async function spendTicket(trx: Transaction<Database>, ticketId: string, cardId: string, now: Date): Promise<void> {
  const spent = await trx
    .updateTable('agency_tickets')
    .set({ card_id: cardId, used_at: now })
    .where('id', '=', ticketId)
    .where('card_id', 'is', null)
    .executeTakeFirst();
  if (spent.numUpdatedRows !== 1n) throw new Error(`card ticket ${ticketId} is not free`);
}

/**
 * The opening of `cardId` failed: the ticket that paid for it (if one did) is free again for its
 * holder, locked and written in the transaction that fails the card. Returns its id, or null.
 */
export async function giveTicketBack(trx: Transaction<Database>, cardId: string): Promise<string | null> {
  const row = await trx
    .updateTable('agency_tickets')
    .set({ card_id: null, used_at: null })
    .where('card_id', '=', cardId)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
