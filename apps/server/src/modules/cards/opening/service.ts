import { Decimal } from '@wallet/contract';
import type { Executor } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { findUserEmail, verifyPaymentPassword } from '../../auth/service';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../../ledger';
import { giveTicketBack, lockUnusedTicket, spendTicket } from '../../rewards/tickets';
import { cardsChanged } from '../card-changes';
import type { CardDeps } from '../deps';
import { tellCardFailed, tellCardOpened } from '../notices';
import { type CardRow, findCard, findCardholder, findProduct, lockCard } from '../queries';
import { recordCardOpened } from '../reward-events';
import * as q from './queries';

export const OPEN_CARD_JOB = 'cards.open';
/** PRODUCT_SPEC.md section 4: opening completes within about 5 minutes, else it has failed. */
export const OPENING_DEADLINE_SECONDS = 5 * 60;

export interface OpenCardInput {
  productId: string;
  firstName: string;
  lastName: string;
  paymentPassword: string;
  shipping?: Record<string, unknown> | undefined;
  /** The app showed the fee as paid by a card ticket: refused rather than charged when none is free. */
  paidByTicket?: boolean | undefined;
}

/**
 * Buys a card: the opening fee is taken (code 21) together with the card row, in one transaction
 * keyed by the request's idempotency key; the issuer is asked in the background (OPEN_CARD_JOB), and
 * its answer arrives as card.opened or card.failed. A card ticket the member holds pays the fee
 * instead of their wallet (from the rewards expense account), taken in the same transaction; a free
 * card does not spend one.
 */
export async function openCard(deps: CardDeps, userId: string, input: OpenCardInput, key: string, ip: string): Promise<CardRow> {
  const existing = await q.findByOpeningKey(deps.db, userId, key);
  if (existing) return existing;
  const product = await findProduct(deps.db, input.productId);
  if (!product?.enabled) throw new AppError('CARD_PRODUCT_NOT_FOUND');
  if (product.type === 'physical' && !input.shipping) throw new AppError('SHIPPING_REQUIRED');
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);

  const now = deps.clock.now();
  const fee = new Decimal(product.opening_fee);
  const card = await deps.db.transaction().execute(async (trx) => {
    // Read under lock in the transaction that pays: whether a ticket pays is decided here, not from the quote.
    const ticket = fee.gt(0) ? await lockUnusedTicket(trx, userId) : null;
    if (input.paidByTicket && fee.gt(0) && !ticket) throw new AppError('CARD_TICKET_UNAVAILABLE');
    const row = await q.insertCard(trx, {
      user_id: userId,
      product_id: product.id,
      type: product.type,
      currency: product.currency,
      holder_first_name: input.firstName,
      holder_last_name: input.lastName,
      status: 'opening',
      opening_fee: fee.toFixed(),
      opening_key: key,
      shipping: product.type === 'physical' ? JSON.stringify(input.shipping) : null,
      created_at: now,
      updated_at: now,
    });
    cardsChanged(trx, [userId]);
    if (ticket) await spendTicket(trx, ticket.id, row.id, now);
    if (fee.gt(0)) {
      await post(trx, {
        typeCode: 21,
        userId,
        reference: `card:${row.id}`,
        idempotencyKey: `card:${row.id}:opening-fee`,
        memo: ticket ? { product: product.name, ticket: ticket.id } : { product: product.name },
        legs: [
          { accountId: await feePayer(trx, userId, ticket !== null), amount: fee.neg().toFixed() },
          {
            accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.feeRevenue }),
            amount: fee.toFixed(),
          },
        ],
      });
    }
    return row;
  });
  await enqueueOpening(deps, card.id);
  return card;
}

/** Who pays (or is refunded) an opening fee: the member's wallet, or the rewards expense account for a ticket. */
const feePayer = (trx: Executor, userId: string, ticket: boolean) =>
  ticket
    ? accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.rewardsExpense })
    : accountId(trx, { userId, currency: 'USDT', purpose: USER_WALLET });

async function enqueueOpening(deps: CardDeps, cardId: string) {
  if (deps.jobs) {
    await deps.jobs.send(OPEN_CARD_JOB, { cardId }, { retryLimit: 3, retryDelay: 5, retryBackoff: true, singletonKey: cardId });
    return;
  }
  // No queue (some tests): the same work, in-process, after the reply.
  setImmediate(() => {
    runOpening(deps, cardId).catch((error) => {
      deps.log.warn({ err: error, cardId }, 'card opening failed');
      return failOpening(deps, cardId, 'issuer_unreachable').catch(() => {});
    });
  });
}

/** The job: make sure the user is a cardholder at the issuer, then ask for the card. */
export async function runOpening(deps: CardDeps, cardId: string): Promise<void> {
  const card = await findCard(deps.db, cardId);
  if (card?.status !== 'opening') return;
  const user = await findUserEmail(deps.db, card.user_id);
  let holder = await findCardholder(deps.db, card.user_id);
  if (!holder?.issuer_cardholder_id) {
    const created = await deps.issuer.createCardholder({
      reference: card.user_id,
      firstName: card.holder_first_name,
      lastName: card.holder_last_name,
      email: user.email,
    });
    await q.saveCardholder(deps.db, card.user_id, created.id);
    holder = await findCardholder(deps.db, card.user_id);
  }
  const issued = await deps.issuer.createCard(
    {
      cardholderId: holder?.issuer_cardholder_id as string,
      type: card.type,
      currency: card.currency,
      reference: card.id,
      shipping: card.shipping,
    },
    `open:${card.id}`,
  );
  await q.setIssuerCardId(deps.db, card.id, issued.id, deps.clock.now());
  cardsChanged(deps.db, [card.user_id]);
}

/**
 * The issuer opened the card: usable at once when the user's KYC has passed, else after it passes.
 * A card we already gave up on (failed and refunded) stays failed.
 */
export async function markOpened(
  deps: CardDeps,
  input: { cardId: string; issuerCardId: string; last4: string; expMonth: number; expYear: number },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const card = await lockCard(trx, input.cardId);
    if (card?.status !== 'opening') return;
    const holder = await findCardholder(trx, card.user_id);
    await q.markOpened(trx, card.id, {
      status: holder?.kyc_status === 'passed' ? 'active' : 'awaiting_kyc',
      issuer_card_id: input.issuerCardId,
      last4: input.last4,
      exp_month: input.expMonth,
      exp_year: input.expYear,
      shipping_status: card.type === 'physical' ? 'produced' : 'none',
      updated_at: deps.clock.now(),
    });
    cardsChanged(trx, [card.user_id]);
    if (holder?.kyc_status === 'passed') await recordCardOpened(trx, card, deps.clock.now());
    await tellCardOpened(trx, card, input.last4);
  });
}

/**
 * Opening failed: the card is marked failed and its fee refunded (code 115), once whatever calls it.
 * A fee a card ticket paid goes back to the rewards expense account and the ticket to its holder,
 * free for their next card; the member paid nothing, so nothing reaches their wallet.
 */
export async function failOpening(deps: CardDeps, cardId: string, reason: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const card = await lockCard(trx, cardId);
    if (card?.status !== 'opening') return false;
    await q.markFailed(trx, cardId, reason, deps.clock.now());
    cardsChanged(trx, [card.user_id]);
    const fee = new Decimal(card.opening_fee);
    const ticket = await giveTicketBack(trx, card.id);
    if (fee.gt(0)) {
      await post(trx, {
        typeCode: 115,
        userId: card.user_id,
        reference: `card:${card.id}`,
        idempotencyKey: `card:${card.id}:opening-refund`,
        memo: ticket ? { reason, ticket } : { reason },
        legs: [
          {
            accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.feeRevenue }),
            amount: fee.neg().toFixed(),
          },
          { accountId: await feePayer(trx, card.user_id, ticket !== null), amount: fee.toFixed() },
        ],
      });
    }
    await tellCardFailed(trx, card);
    deps.log.info({ cardId, reason }, 'card opening failed, fee refunded');
    return true;
  });
}

/** Openings still pending after the deadline have failed (the issuer never answered). */
export async function sweepStaleOpenings(deps: CardDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - OPENING_DEADLINE_SECONDS * 1000);
  const stale = await q.staleOpenings(deps.db, cutoff);
  let failed = 0;
  for (const card of stale) if (await failOpening(deps, card.id, 'timeout')) failed += 1;
  return failed;
}

/** A physical card's shipping news from the issuer (card.shipped, card.delivered). */
export async function markShipping(
  deps: CardDeps,
  cardId: string,
  news: 'shipped' | 'delivered',
  trackingNumber: string | null | undefined,
): Promise<void> {
  const rows = await q.setShipping(deps.db, cardId, news, trackingNumber ?? null, deps.clock.now());
  cardsChanged(
    deps.db,
    rows.map((r) => r.user_id),
  );
}
