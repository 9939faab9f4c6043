import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { balanceRoutes, plantRoutes } from './balances';
import { type DeliveryOptions, emit, redeliver, send } from './deliver';
import { devPage, ISSUER_PAGE_SCRIPT } from './dev-page';
import { FaultBoard, faultRoutes, ISSUER_FAULTS } from './faults';
import { testCvv, testPan } from './luhn';
import { fromMinor, isAmount, toMinor } from './money';
import { moneyRoutes } from './operations';
import { SANDBOX_CSS, servePage } from './page-files';
import { ISSUER_STATE } from './persist';
import { StateFile } from './state-file';
import { newId, type SandboxAuthorization, type SandboxCard, type SandboxEvent, SandboxStore } from './store';

export interface SandboxOptions {
  /** The app's webhook endpoint, e.g. http://127.0.0.1:8080/api/v1/cards/webhooks/issuer. */
  webhookUrl: string;
  webhookSecret: string;
  /** What the app sends as `Authorization: Bearer ...` on the issuer API. */
  apiKey: string;
  /** Real issuers wait about 2 seconds for an authorization decision, then stand in. */
  authorizationTimeoutMs?: number;
  /** The stand-in decision when the app does not answer in time. */
  defaultDecision?: 'approve' | 'decline';
  /** Delay before a new card is opened (and card.opened sent); 0 in tests. */
  openingDelayMs?: number;
  /** Delivery retries (tests shorten them). */
  retryDelayMs?: number;
  logger?: boolean;
  /** Keep the sandbox's data in this file across restarts (npm start); without it, in memory only (tests). */
  stateFile?: string;
}

type Body = Record<string, unknown>;

/** Enough retries (about 100 s with doubling delays) for the app to come up beside a restarted sandbox. */
const RESUMED_EVENT_ATTEMPTS = 10;

/** Delivered, or refused for good (a bad signature or request does not get better by resending). */
const settled = (event: SandboxEvent) => event.deliveries.some(({ status }) => status !== null && status !== 409 && status < 500);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const AUTHORIZATION_CHANNELS = ['pos', 'online', 'atm'];

/**
 * A card issuer you can run on your laptop: the issuer API the app calls (cardholders with KYC,
 * cards, reveal, PIN, freeze, load/unload, shipping), signed webhooks to the app, and test helpers
 * under /sandbox that play the card network (purchases, reversals, clearings, refunds), the
 * issuer's back office (KYC decisions, failed openings, shipping) and its outages and timeouts
 * (faults.ts). Modelled on Stripe Issuing, Lithic and Marqeta sandboxes.
 */
export interface SandboxIssuer {
  app: FastifyInstance;
  store: SandboxStore;
  /** Where webhooks go; settable because the app's port may be known only after both start. */
  setWebhookUrl(url: string): void;
}

export function buildSandboxIssuer(options: SandboxOptions): SandboxIssuer {
  const app = Fastify({ logger: options.logger ?? false });
  const store = options.stateFile ? StateFile.load(options.stateFile, ISSUER_STATE) : new SandboxStore();
  const file = options.stateFile
    ? new StateFile(options.stateFile, ISSUER_STATE, store, (error) =>
        app.log.error({ err: error }, 'sandbox issuer: saving its data failed'),
      )
    : null;
  // Once closed, the last flush has written everything: a response hook that fires after it must not
  // start a write into a folder its owner may be removing.
  let closed = false;
  const changed = () => {
    if (!closed) file?.save();
  };
  // Every call that may change something is saved once answered; reads are not.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') changed();
  });
  app.addHook('onClose', async () => {
    await file?.flush();
    closed = true;
  });
  const delivery: DeliveryOptions = {
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    retryDelayMs: options.retryDelayMs ?? 200,
  };
  const authorizationTimeoutMs = options.authorizationTimeoutMs ?? 2000;
  const defaultDecision = options.defaultDecision ?? 'decline';
  const expected = Buffer.from(`Bearer ${options.apiKey}`);
  const faults = new FaultBoard(ISSUER_FAULTS);

  const requireKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send({ error: { code: 'unauthorized', message: 'bad API key' } });
    }
  };
  const notFound = (reply: FastifyReply, what: string) =>
    reply.code(404).send({ error: { code: 'not_found', message: `${what} not found` } });
  const invalid = (reply: FastifyReply, message: string) => reply.code(400).send({ error: { code: 'invalid_request', message } });

  /** The public view of a card: never the number or CVV. */
  const cardView = (card: SandboxCard) => ({
    id: card.id,
    cardholderId: card.cardholderId,
    reference: card.reference,
    type: card.type,
    currency: card.currency,
    state: card.state,
    last4: card.pan ? card.pan.slice(-4) : null,
    expMonth: card.expMonth,
    expYear: card.expYear,
    pinSet: card.pinSet,
    bound: card.bound === true,
    balance: fromMinor(card.balanceMinor),
    shipping: card.shipping,
  });

  /** A card creation repeated with the same Idempotency-Key gets the first reply (loads and unloads: operations.ts). */
  const idempotent = async (request: FastifyRequest, run: () => unknown) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0) return run();
    const scoped = `${request.method} ${request.routeOptions.url}:${key}`;
    if (store.idempotent.has(scoped)) return store.idempotent.get(scoped);
    const result = await run();
    store.idempotent.set(scoped, result);
    return result;
  };

  const openLater = (card: SandboxCard) => {
    const open = async () => {
      if (store.failNextOpenings > 0) {
        store.failNextOpenings -= 1;
        card.state = 'failed';
        await emit(store, delivery, 'card.failed', { cardId: card.id, reference: card.reference, reason: 'network_error' });
        return;
      }
      const now = new Date();
      card.pan = testPan();
      card.cvv = testCvv();
      card.expMonth = now.getUTCMonth() + 1;
      card.expYear = now.getUTCFullYear() + 3;
      card.state = 'open';
      if (card.type === 'physical') card.shipping.status = 'produced';
      await emit(store, delivery, 'card.opened', {
        cardId: card.id,
        reference: card.reference,
        last4: card.pan.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
    };
    setTimeout(() => void open().finally(changed), options.openingDelayMs ?? 0);
  };

  // ---------------------------------------------------------------- issuer API (the app calls these)
  app.register(async (api) => {
    api.addHook('onRequest', requireKey);

    api.post('/v1/cardholders', async (request) => {
      const body = (request.body ?? {}) as Body;
      const holder = {
        id: newId('ich'),
        reference: str(body.reference),
        firstName: str(body.firstName),
        lastName: str(body.lastName),
        email: str(body.email),
        kycStatus: 'not_submitted' as const,
        kycReason: null,
        kyc: null,
      };
      store.cardholders.set(holder.id, holder);
      return { id: holder.id, kycStatus: holder.kycStatus, kycReason: null };
    });

    api.get('/v1/cardholders/:id', async (request, reply) => {
      const holder = store.cardholders.get((request.params as { id: string }).id);
      if (!holder) return notFound(reply, 'cardholder');
      return { id: holder.id, kycStatus: holder.kycStatus, kycReason: holder.kycReason };
    });

    api.post('/v1/cardholders/:id/kyc', async (request, reply) => {
      const holder = store.cardholders.get((request.params as { id: string }).id);
      if (!holder) return notFound(reply, 'cardholder');
      if (holder.kycStatus === 'approved') return reply.code(409).send({ error: { code: 'kyc_approved', message: 'already approved' } });
      holder.kyc = (request.body ?? {}) as Body;
      holder.kycStatus = 'pending';
      holder.kycReason = null;
      return { id: holder.id, kycStatus: holder.kycStatus, kycReason: null };
    });

    api.post('/v1/cards', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      if (!store.cardholders.has(str(body.cardholderId))) return invalid(reply, 'unknown cardholderId');
      if (body.type !== 'virtual' && body.type !== 'physical') return invalid(reply, 'type must be virtual or physical');
      if (body.currency !== 'USD' && body.currency !== 'HKD') return invalid(reply, 'currency must be USD or HKD');
      return idempotent(request, () => {
        const card: SandboxCard = {
          id: newId('ic'),
          cardholderId: str(body.cardholderId),
          reference: str(body.reference),
          type: body.type as 'virtual' | 'physical',
          currency: str(body.currency),
          state: 'pending',
          pan: null,
          cvv: null,
          expMonth: null,
          expYear: null,
          pinSet: false,
          bound: false,
          balanceMinor: 0n,
          shipping: { status: 'none', trackingNumber: null, address: (body.shipping as Body | undefined) ?? null },
          createdAt: new Date().toISOString(),
        };
        store.cards.set(card.id, card);
        openLater(card);
        return cardView(card);
      });
    });

    const withCard = (handler: (card: SandboxCard, body: Body, request: FastifyRequest, reply: FastifyReply) => unknown) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const card = store.cards.get((request.params as { id: string }).id);
        if (!card) return notFound(reply, 'card');
        return handler(card, (request.body ?? {}) as Body, request, reply);
      };
    };

    api.get(
      '/v1/cards/:id',
      withCard((card) => cardView(card)),
    );

    api.post(
      '/v1/cards/:id/reveal',
      withCard((card, _body, _request, reply) => {
        if (!card.pan || !card.cvv) return reply.code(409).send({ error: { code: 'card_not_open', message: 'card is not open' } });
        reply.header('cache-control', 'no-store');
        return { pan: card.pan, cvv: card.cvv, expMonth: card.expMonth, expYear: card.expYear };
      }),
    );

    // Physical card binding: the holder typed the number printed on the card; only here is it compared.
    api.post(
      '/v1/cards/:id/bind',
      withCard((card, body, _request, reply) => {
        if (typeof body.pan !== 'string' || !/^\d{12,19}$/.test(body.pan)) return invalid(reply, 'pan must be 12 to 19 digits');
        if (card.type !== 'physical') return invalid(reply, 'only physical cards are bound');
        if (!card.pan || card.shipping.status !== 'delivered')
          return reply.code(409).send({ error: { code: 'card_not_delivered', message: 'card is not delivered' } });
        // Equal-length digests, so the comparison takes the same time whatever the input.
        const digest = (value: string) => createHash('sha256').update(value).digest();
        const matched = timingSafeEqual(digest(body.pan), digest(card.pan));
        if (matched) card.bound = true;
        return { id: card.id, matched };
      }),
    );

    api.post(
      '/v1/cards/:id/pin',
      withCard((card, body, _request, reply) => {
        if (typeof body.pin !== 'string' || !/^\d{6}$/.test(body.pin)) return invalid(reply, 'pin must be 6 digits');
        card.pinSet = true;
        return { id: card.id, pinSet: true };
      }),
    );

    for (const [path, state] of [
      ['freeze', 'frozen'],
      ['unfreeze', 'open'],
    ] as const) {
      api.post(
        `/v1/cards/:id/${path}`,
        withCard((card, _body, _request, reply) => {
          if (card.state !== 'open' && card.state !== 'frozen')
            return reply.code(409).send({ error: { code: 'card_not_open', message: 'card is not open' } });
          card.state = state;
          return cardView(card);
        }),
      );
    }

    moneyRoutes(api, store, faults);
    balanceRoutes(api, store, faults);

    api.post(
      '/v1/cards/:id/ship',
      withCard((card, body, _request, reply) => {
        if (card.type !== 'physical') return invalid(reply, 'only physical cards are shipped');
        card.shipping.address = (body.address as Body | undefined) ?? card.shipping.address;
        if (card.shipping.status === 'none') card.shipping.status = 'produced';
        return { id: card.id, shipping: card.shipping };
      }),
    );
    api.get(
      '/v1/cards/:id/shipment',
      withCard((card) => ({ id: card.id, shipping: card.shipping })),
    );
  });

  // ---------------------------------------------------------------- test helpers (network + back office)
  servePage(app, { html: devPage(), files: [SANDBOX_CSS, ISSUER_PAGE_SCRIPT] });
  app.get('/sandbox/cards', async () => ({
    cards: [...store.cards.values()].map((card) => ({ ...cardView(card), holder: store.cardholders.get(card.cardholderId) ?? null })),
  }));
  app.get('/sandbox/cardholders', async () => ({
    cardholders: [...store.cardholders.values()].map(({ kyc, ...holder }) => ({ ...holder, kycSubmitted: kyc !== null })),
  }));
  app.get('/sandbox/authorizations', async () => ({ authorizations: [...store.authorizations.values()].reverse() }));
  app.get('/sandbox/events', async () => ({ events: [...store.events.values()].reverse().slice(0, 200) }));

  /** What is printed on a delivered physical card: the holder reads the number off it to bind it. */
  app.get('/sandbox/cards/:id/printed', async (request, reply) => {
    const card = store.cards.get((request.params as { id: string }).id);
    if (!card) return notFound(reply, 'card');
    if (card.type !== 'physical' || card.shipping.status !== 'delivered' || !card.pan)
      return reply.code(409).send({ error: { code: 'card_not_delivered', message: 'only a delivered physical card can be read' } });
    return { id: card.id, pan: card.pan, expMonth: card.expMonth, expYear: card.expYear };
  });

  faultRoutes(app, faults);
  plantRoutes(app, store);

  app.post('/sandbox/openings/fail-next', async (request) => {
    const count = Number(((request.body ?? {}) as Body).count ?? 1);
    store.failNextOpenings = Number.isInteger(count) && count >= 0 ? count : 1;
    return { failNextOpenings: store.failNextOpenings };
  });

  app.post('/sandbox/cardholders/:id/kyc', async (request, reply) => {
    const holder = store.cardholders.get((request.params as { id: string }).id);
    if (!holder) return notFound(reply, 'cardholder');
    const body = (request.body ?? {}) as Body;
    const approve = body.decision === 'approve';
    if (holder.kycStatus !== 'pending')
      return reply.code(409).send({ error: { code: 'kyc_not_pending', message: 'no KYC waiting for review' } });
    holder.kycStatus = approve ? 'approved' : 'rejected';
    holder.kycReason = approve ? null : str(body.reason, 'document unreadable');
    const delivered = await emit(store, delivery, approve ? 'kyc.approved' : 'kyc.rejected', {
      cardholderId: holder.id,
      reference: holder.reference,
      reason: holder.kycReason,
    });
    return { cardholderId: holder.id, kycStatus: holder.kycStatus, delivered };
  });

  /**
   * A purchase at a merchant: the network asks the issuer, the issuer asks the app (synchronously)
   * and waits at most authorizationTimeoutMs, then applies the default decision.
   */
  app.post('/sandbox/cards/:id/purchase', async (request, reply) => {
    const card = store.cards.get((request.params as { id: string }).id);
    if (!card) return notFound(reply, 'card');
    const body = (request.body ?? {}) as Body;
    if (!isAmount(body.amount)) return invalid(reply, 'amount must be a positive decimal string with at most 2 decimals');
    const merchant = {
      name: str(body.merchant, 'Sandbox Coffee'),
      mcc: str(body.mcc, '5814'),
      country: str(body.country, 'HK'),
    };
    if (!/^\d{4}$/.test(merchant.mcc)) return invalid(reply, 'mcc must be a 4-digit merchant category code');
    // How the card was used, as a real network tells the issuer (POS entry mode): a shop terminal unless said.
    const channel = str(body.channel, 'pos');
    if (!AUTHORIZATION_CHANNELS.includes(channel)) return invalid(reply, `channel must be one of ${AUTHORIZATION_CHANNELS.join(', ')}`);
    const authorization: SandboxAuthorization = {
      id: newId('iauth'),
      cardId: card.id,
      amount: body.amount,
      currency: str(body.currency, card.currency),
      merchant,
      channel,
      approved: false,
      reason: null as string | null,
      timedOut: false,
      createdAt: new Date().toISOString(),
    };
    store.authorizations.set(authorization.id, authorization);
    const event = {
      id: newId('evt'),
      type: 'authorization.request',
      created: authorization.createdAt,
      data: {
        authorizationId: authorization.id,
        cardId: card.id,
        amount: authorization.amount,
        currency: authorization.currency,
        merchant,
        channel,
      },
    };
    store.events.set(event.id, { ...event, deliveries: [] });
    const answer = await send(delivery, event, authorizationTimeoutMs);
    const decision = answer.body as { approved?: unknown; reason?: unknown } | null;
    if (answer.status === 200 && decision && typeof decision.approved === 'boolean') {
      authorization.approved = decision.approved;
      authorization.reason = typeof decision.reason === 'string' ? decision.reason : null;
    } else {
      // No usable answer in time: stand in with the default, and tell the app afterwards so any hold it
      // placed late is released (or its late decision is refused).
      authorization.timedOut = true;
      authorization.approved = defaultDecision === 'approve';
      authorization.reason = authorization.approved ? null : 'issuer_timeout';
      void emit(store, delivery, 'authorization.expired', {
        authorizationId: authorization.id,
        cardId: card.id,
        approved: authorization.approved,
        amount: authorization.amount,
        currency: authorization.currency,
        merchant,
      });
    }
    if (authorization.approved) {
      card.balanceMinor -= toMinor(authorization.amount);
      authorization.held = authorization.amount;
    }
    return authorization;
  });

  for (const kind of ['reversal', 'clearing', 'refund'] as const) {
    app.post(`/sandbox/authorizations/:id/${kind}`, async (request, reply) => {
      const authorization = store.authorizations.get((request.params as { id: string }).id);
      if (!authorization) return notFound(reply, 'authorization');
      const body = (request.body ?? {}) as Body;
      const amount = body.amount === undefined ? authorization.amount : body.amount;
      if (!isAmount(amount)) return invalid(reply, 'amount must be a positive decimal string with at most 2 decimals');
      const card = store.cards.get(authorization.cardId);
      if (card) {
        const settledBefore = toMinor(authorization.settled ?? '0');
        const refundedBefore = toMinor(authorization.refunded ?? '0');
        card.balanceMinor += settleAtIssuer(authorization, kind, toMinor(amount));
        // The float pays merchants out at clearing and takes refunds back; holds and reversals move nothing out.
        store.moveFloat(
          card.currency,
          toMinor(authorization.refunded ?? '0') - refundedBefore - (toMinor(authorization.settled ?? '0') - settledBefore),
        );
      }
      const delivered = await emit(store, delivery, `authorization.${kind}`, {
        authorizationId: authorization.id,
        cardId: authorization.cardId,
        amount,
        currency: authorization.currency,
        merchant: authorization.merchant,
      });
      return { authorizationId: authorization.id, delivered };
    });
  }

  for (const step of ['ship', 'deliver'] as const) {
    app.post(`/sandbox/cards/:id/${step}`, async (request, reply) => {
      const card = store.cards.get((request.params as { id: string }).id);
      if (!card) return notFound(reply, 'card');
      if (card.type !== 'physical') return invalid(reply, 'only physical cards are shipped');
      if (step === 'ship') {
        card.shipping.status = 'shipped';
        card.shipping.trackingNumber = card.shipping.trackingNumber ?? `SF${Date.now().toString().slice(-10)}`;
      } else card.shipping.status = 'delivered';
      const delivered = await emit(store, delivery, step === 'ship' ? 'card.shipped' : 'card.delivered', {
        cardId: card.id,
        reference: card.reference,
        trackingNumber: card.shipping.trackingNumber,
      });
      return { cardId: card.id, shipping: card.shipping, delivered };
    });
  }

  app.post('/sandbox/events/:id/redeliver', async (request, reply) => {
    const event = store.events.get((request.params as { id: string }).id);
    if (!event) return notFound(reply, 'event');
    return redeliver({ ...delivery, attempts: 1 }, event);
  });

  // After a restart: what was under way when the last run stopped goes on, as at a real issuer.
  for (const card of store.cards.values()) if (card.state === 'pending') openLater(card);
  for (const event of store.events.values())
    if (!settled(event)) void redeliver({ ...delivery, attempts: RESUMED_EVENT_ATTEMPTS }, event).finally(changed);

  return {
    app,
    store,
    setWebhookUrl: (url) => {
      delivery.webhookUrl = url;
    },
  };
}

/**
 * What a reversal, clearing or refund gives back to the card, as an issuer keeps its books: a
 * reversal at most what is still held; a clearing releases the whole hold and takes the cleared
 * amount (a smaller clearing returns the rest); refunds together at most what was cleared.
 */
function settleAtIssuer(authorization: SandboxAuthorization, kind: 'reversal' | 'clearing' | 'refund', amount: bigint): bigint {
  const held = toMinor(authorization.held ?? (authorization.approved ? authorization.amount : '0'));
  const settled = toMinor(authorization.settled ?? '0');
  const refunded = toMinor(authorization.refunded ?? '0');
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  if (kind === 'reversal') {
    const release = min(amount, held);
    authorization.held = fromMinor(held - release);
    return release;
  }
  if (kind === 'clearing') {
    authorization.held = '0';
    authorization.settled = fromMinor(settled + amount);
    return held - amount;
  }
  const credit = min(amount, settled - refunded > 0n ? settled - refunded : 0n);
  authorization.refunded = fromMinor(refunded + credit);
  return credit;
}
