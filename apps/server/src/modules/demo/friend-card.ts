import { setTimeout as sleep } from 'node:timers/promises';
import { type Card, kycBodySchema } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { systemClock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { createMailer } from '../../platform/mail';
import { createSecretLimits } from '../../platform/secret-limits';
import { paymentPinsFrom } from '../auth/payment-pins';
import { secondFactorSettings } from '../auth/second-factor/settings';
import { findUserByEmail } from '../auth/service';
import type { CardDeps } from '../cards/deps';
import { getOperation, recharge } from '../cards/funding/service';
import type { IssuerClient } from '../cards/issuer/client';
import { kycStatus, savePhoto, submitKyc } from '../cards/kyc/service';
import { openCard } from '../cards/opening/service';
import { listCards, listTransactions, products } from '../cards/service';
import { SandboxNetwork } from './sandbox-network';
import { DEMO_ACCOUNTS } from './seed';
import { specimenPassportPng } from './specimen-photo';

/*
 * The demo friend's card activity, so the demo member's invitation screen has rewards to show from
 * the start: the friend (in the demo member's team, seed.ts) opens a virtual card, passes KYC,
 * recharges it and buys twice, every step through the app's own card services and the sandbox card
 * issuer that `npm start` runs beside it. Nothing is written to a card or reward table by hand: the
 * rewards come from the cards' own events, as a real member's would.
 */

const FRIEND = DEMO_ACCOUNTS[1];

/** What the friend does with the card: one recharge (whole USDT, above the minimum of 20), two purchases. */
export const FRIEND_CARD_PLAN = {
  recharge: '50',
  purchases: [
    { merchant: 'Blue Bottle Coffee', mcc: '5814', amount: '6.50' },
    { merchant: 'Eslite Bookstore', mcc: '5942', amount: '18.90' },
  ],
} as const;

/** The whole activity, from buying the card to the last clearing: the sandbox opens a card in 3 s. */
const DEFAULT_TIMEOUT_MS = 120_000;
const POLL_MS = 250;
/** Where the friend's requests "come from" for the payment password's per-address limit: this machine. */
const IP = '127.0.0.1';

export type FriendCardOutcome = 'done' | 'already_done' | 'no_friend' | 'not_in_team';

export interface FriendCardWorld {
  cards: CardDeps;
  sandbox: SandboxNetwork;
  log: FastifyBaseLogger;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/**
 * Plays the friend's card activity once. Safe to run at every start: a friend whose card already has
 * a settled purchase is left alone, and a run cut short (a restart while the card was opening) goes on
 * with the card it bought, its recharge under the same idempotency key, and only the purchases the
 * sandbox has not seen yet.
 */
export async function playFriendCardActivity(world: FriendCardWorld): Promise<FriendCardOutcome> {
  const { cards: deps, sandbox, log, signal } = world;
  const deadline = Date.now() + (world.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const friend = await findUserByEmail(deps.db, FRIEND.email);
  if (!friend) return 'no_friend';
  // A database seeded before invitations existed keeps its friend without an inviter (the inviter is
  // fixed at registration): there is no team for this activity to show in.
  if (!friend.invited_by) return 'not_in_team';

  const owned = (await listCards(deps, friend.id, 'en')).filter((c) => c.type === 'virtual');
  let card = usableCards(owned)[0];
  if (card && (await settledPurchases(deps, friend.id, card.id)).size > 0) return 'already_done';

  if (!card) {
    const product = await demoProduct(deps);
    // Keyed by how many cards the friend has: a restart finds the card it bought (openCard answers the
    // same key with the same card); only after an opening failed is a new one bought.
    const key = `demo-friend-card:${owned.length + 1}`;
    const input = { productId: product.id, firstName: 'Demo', lastName: 'Friend', paymentPassword: FRIEND.paymentPassword };
    const opened = await openCard(deps, friend.id, input, key, IP);
    log.info({ cardId: opened.id, product: product.name, openingFee: product.openingFee }, 'demo friend: card bought');
    card = await readCard(deps, friend.id, opened.id);
  }
  const cardId = card.id;
  card = await until(
    'the card opens',
    () => readCard(deps, friend.id, cardId),
    (c) => c.status !== 'opening',
    deadline,
    signal,
  );
  if (card.status === 'failed') throw new Error(`the demo friend's card ${cardId} failed to open`);
  if (card.status === 'awaiting_kyc') {
    await passKyc(world, friend.id, friend.email, cardId);
    card = await until(
      'KYC passes',
      () => readCard(deps, friend.id, cardId),
      (c) => c.status === 'active',
      deadline,
      signal,
    );
  }
  log.info({ cardId }, 'demo friend: card active');

  signal?.throwIfAborted();
  const loaded = await recharge(
    deps,
    friend.id,
    cardId,
    FRIEND_CARD_PLAN.recharge,
    FRIEND.paymentPassword,
    `demo-friend-card:${cardId}:recharge`,
    IP,
  );
  const operation = await until(
    'the recharge settles',
    () => getOperation(deps, friend.id, cardId, loaded.operation.id),
    (op) => op.status !== 'processing',
    deadline,
    signal,
  );
  if (operation.status !== 'succeeded') throw new Error(`the demo friend's recharge ${operation.id} failed`);
  log.info({ cardId, debited: operation.debited, credited: operation.credited }, 'demo friend: card recharged');

  const issuerCardId = await sandbox.issuerCardId(cardId);
  if (!issuerCardId) throw new Error(`the sandbox issuer does not know the demo friend's card ${cardId}`);
  const seen = await sandbox.authorizationsOf(issuerCardId);
  for (const purchase of FRIEND_CARD_PLAN.purchases) {
    signal?.throwIfAborted();
    const authorization = seen.find((a) => a.merchant.name === purchase.merchant) ?? (await sandbox.purchase(issuerCardId, purchase));
    if (!authorization.approved)
      throw new Error(`the demo friend's purchase at ${purchase.merchant} was declined: ${authorization.reason}`);
    if (authorization.settled === undefined) await sandbox.clear(authorization.id);
  }
  const wanted = FRIEND_CARD_PLAN.purchases.map((p) => p.merchant);
  await until(
    'the purchases settle',
    () => settledPurchases(deps, friend.id, cardId),
    (settled) => wanted.every((merchant) => settled.has(merchant)),
    deadline,
    signal,
  );
  log.info({ cardId, purchases: FRIEND_CARD_PLAN.purchases }, 'demo friend: purchases cleared');
  return 'done';
}

/** Cards that are or will be usable, oldest first: the demo's own card is the friend's first. */
const usableCards = (cards: Card[]) => cards.filter((c) => c.status !== 'failed').sort((a, b) => a.createdAt.localeCompare(b.createdAt));

async function readCard(deps: CardDeps, userId: string, cardId: string): Promise<Card> {
  const card = (await listCards(deps, userId, 'en')).find((c) => c.id === cardId);
  if (!card) throw new Error(`the demo friend's card ${cardId} is gone`);
  return card;
}

/** The cheapest virtual USD card on offer: the one a newcomer would try first. */
async function demoProduct(deps: CardDeps) {
  const offered = (await products(deps, { enabledOnly: true }, 'en')).filter((p) => p.type === 'virtual' && p.currency === 'USD');
  const product = offered.sort((a, b) => a.level - b.level)[0];
  if (!product) throw new Error('no virtual USD card product is enabled');
  return product;
}

/** Merchants of the card's approved purchases that have cleared. */
async function settledPurchases(deps: CardDeps, userId: string, cardId: string): Promise<Set<string>> {
  const { transactions } = await listTransactions(deps, userId, cardId, { limit: 50 }, 'en');
  return new Set(transactions.filter((t) => t.type === 'authorization' && t.approved && t.settled).map((t) => t.merchant));
}

/**
 * KYC as a member passes it: the passport photo and the form through the card services, then the
 * issuer's back office approves it (the sandbox's KYC review, which a developer otherwise clicks on
 * its page). A form sent by a run cut short is approved without sending it again.
 */
async function passKyc(world: FriendCardWorld, userId: string, email: string, cardId: string) {
  const { cards: deps, sandbox, log } = world;
  const { status } = await kycStatus(deps, userId);
  if (status === 'passed') return;
  if (status === 'none' || status === 'failed') {
    await savePhoto(deps, userId, 'passport', specimenPassportPng());
    const form = kycBodySchema.parse({
      cardId,
      firstName: 'Demo',
      lastName: 'Friend',
      phoneAreaCode: '+852',
      phone: '91234567',
      email,
      country: '344',
      address: { houseNumber: '8', street: 'Queen Road', district: 'Central', postcode: '999077', city: 'Hong Kong', country: '344' },
      documentType: 'passport',
      nationality: '344',
      documentNumber: 'K12345678',
      issueDate: '2021-03-01',
      expiryDate: '2031-02-28',
    });
    await submitKyc(deps, userId, form);
  }
  // Not pending at the sandbox: it decided already and its kyc.approved is on its way (it redelivers).
  if (await sandbox.approveKyc(userId)) log.info({ cardId }, 'demo friend: KYC approved by the sandbox issuer');
}

/** Reads until `done` holds, every POLL_MS, failing past the deadline or when the server stops. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, deadline: number, signal?: AbortSignal) {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`demo friend: timed out waiting until ${what}`);
    await sleep(POLL_MS, undefined, signal ? { signal } : {});
  }
}

/**
 * In the background once the app listens (its webhooks must reach it): the server start never waits
 * for it, and a failure is logged, never fatal. `stop` (at shutdown) ends the polling and waits for
 * the step under way, so nothing runs against a closed database.
 */
export function startFriendCardActivity(options: {
  config: Config;
  db: Db;
  jobs: PgBoss | null;
  issuer: IssuerClient;
  sandboxUrl: string;
  log: FastifyBaseLogger;
}): { done: Promise<FriendCardOutcome | 'failed' | 'stopped'>; stop(): Promise<void> } {
  const { log } = options;
  const stopping = new AbortController();
  const world: FriendCardWorld = {
    cards: cardDepsFor(options),
    sandbox: new SandboxNetwork(options.sandboxUrl, stopping.signal),
    log,
    signal: stopping.signal,
  };
  const done = playFriendCardActivity(world).then(
    (outcome) => {
      if (outcome === 'done') log.info('demo friend: card activity done; the demo member sees its rewards on the invitation screen');
      else if (outcome === 'not_in_team')
        log.info("demo friend: not in the demo member's team (seeded before invitations); a fresh database seeds it so");
      else log.debug({ outcome }, 'demo friend: no card activity to add');
      return outcome;
    },
    (error: unknown) => {
      if (stopping.signal.aborted) return 'stopped' as const;
      log.warn({ err: error }, 'demo friend: card activity failed (the server runs on; it is tried again at the next start)');
      return 'failed' as const;
    },
  );
  return {
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}

/** The card services' dependencies as the app builds them (registerAuth, registerCards), over the same database and queue. */
function cardDepsFor(options: { config: Config; db: Db; jobs: PgBoss | null; issuer: IssuerClient; log: FastifyBaseLogger }): CardDeps {
  const { config, db, log } = options;
  const clock = systemClock;
  return {
    db,
    clock,
    mailer: createMailer(config, db, log),
    log,
    secret: config.APP_SECRET,
    codesPerEmailPerHour: config.CODES_PER_EMAIL_PER_HOUR,
    limits: createSecretLimits({ db, clock }),
    security: { appUrl: config.APP_URL, withdrawDelayHours: config.WITHDRAW_NEW_ADDRESS_DELAY_HOURS },
    secondFactor: secondFactorSettings(config),
    pins: paymentPinsFrom(config),
    issuer: options.issuer,
    jobs: options.jobs,
  };
}
