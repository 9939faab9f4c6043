import { timingSafeEqual } from 'node:crypto';
import { FaultBoard, faultRoutes, SANDBOX_CSS, StateFile, servePage, toMinor } from '@wallet/sandbox-issuer';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Deliveries, type DeliveryTuning, finished } from './deliver';
import { devPage, PAYOUT_PAGE_SCRIPT } from './dev-page';
import { PAYOUT_FAULTS } from './faults';
import { paymentRoutes } from './payments';
import { PAYOUT_STATE } from './persist';
import { parseSettings, type Settings } from './settings';
import { maskedView, newId, newReference, type Outcome, type Payout, PayoutStore, payoutView } from './store';
import { ORDER_ID, parseSubmission, type Submission, sameRequest } from './submission';

export interface SandboxPayoutOptions {
  /** The app's webhook endpoint, e.g. http://127.0.0.1:8080/api/v1/payout/webhooks/partner. */
  webhookUrl: string;
  webhookSecret: string;
  /** What the app sends as `Authorization: Bearer ...` on the partner API. */
  apiKey: string;
  /** null = payouts wait for someone to mark them on the dev page / test endpoints; N = settle N seconds after submission */
  autoSettleSeconds?: number | null;
  /** outcome of automatic settlement */
  autoOutcome?: 'paid' | 'rejected';
  /** What the platform prefunded with the partner (CNY), at the first start; a state file keeps what is left. */
  prefunding?: string;
  /** Keep the sandbox's records in this file across restarts (npm start); without it, in memory only (tests). */
  stateFile?: string;
  logger?: boolean;
  /** webhook retry tuning for tests */
  delivery?: DeliveryTuning;
}

/**
 * A payout partner you can run on your laptop: the API the app calls to pay CNY to Alipay or a bank
 * account (idempotent by the app's order id, looked up by it), signed status webhooks with retries,
 * and helpers under /sandbox that play the partner's back office (mark paid or rejected, settle
 * automatically) and its outages and timeouts (faults.ts).
 */
export interface SandboxPayout {
  app: FastifyInstance;
  store: PayoutStore;
  /** Where webhooks go; settable because the app's port may be known only after both start. */
  setWebhookUrl(url: string): void;
}

const DEFAULT_REASON = 'Payee account could not receive the payment';

const fail = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });
const invalid = (reply: FastifyReply, message: string) => fail(reply, 400, 'invalid_request', message);
const notFound = (reply: FastifyReply, what: string) => fail(reply, 404, 'not_found', `${what} not found`);
const idParam = (params: unknown) => (params as { id: string }).id;

export function buildSandboxPayout(options: SandboxPayoutOptions): SandboxPayout {
  const initial = parseSettings(
    { autoSettleSeconds: options.autoSettleSeconds ?? null, autoOutcome: options.autoOutcome ?? 'paid' },
    {
      autoSettleSeconds: null,
      autoOutcome: 'paid',
    },
  );
  if (!initial.ok) throw new Error(`sandbox payout: ${initial.message}`);
  let settings: Settings = initial.settings;

  const app = Fastify({ logger: options.logger ?? false });
  const store = options.stateFile ? StateFile.load(options.stateFile, PAYOUT_STATE) : new PayoutStore();
  if (options.prefunding !== undefined && store.payments.length === 0) store.prefundingMinor = toMinor(options.prefunding);
  const file = options.stateFile
    ? new StateFile(options.stateFile, PAYOUT_STATE, store, (error) =>
        app.log.error({ err: error }, 'sandbox payout: saving its data failed'),
      )
    : null;
  // Once closed, the last flush has written everything: nothing may start a write into a folder its
  // owner may be removing.
  let closed = false;
  const changed = () => {
    if (!closed) file?.save();
  };
  const target = { webhookUrl: options.webhookUrl, webhookSecret: options.webhookSecret };
  const deliveries = new Deliveries(target, options.delivery ?? {}, changed);
  const faults = new FaultBoard(PAYOUT_FAULTS);
  const timers = new Map<string, NodeJS.Timeout>();
  const expected = Buffer.from(`Bearer ${options.apiKey}`);

  // Every call that may change something is saved once answered; reads are not.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') changed();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    await deliveries.close();
    await file?.flush();
    closed = true;
  });
  // Every error in the partner's own shape, and 4xx without logging: bodies may carry payee details.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return invalid(reply.code(status), error.message);
    request.log.error({ err: error }, 'sandbox payout: request failed');
    return fail(reply, 500, 'internal_error', 'the sandbox failed');
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply, 'route'));

  /** Marks a pending payout and tells the app; a payout already decided stays as it is. */
  const settle = (payout: Payout, outcome: Outcome, reason: string) => {
    if (payout.status !== 'pending') return;
    clearTimeout(timers.get(payout.id));
    timers.delete(payout.id);
    const now = new Date().toISOString();
    payout.status = outcome;
    payout.reason = outcome === 'rejected' ? reason : null;
    if (outcome === 'paid') store.pay(payout, now);
    payout.updatedAt = now;
    payout.autoSettle = null;
    const event = {
      id: newId('evt'),
      type: `payout.${outcome}` as const,
      created: now,
      data: { payout: payoutView(payout) },
      deliveries: [],
    };
    store.addEvent(event);
    deliveries.start(event);
    changed();
  };

  /** Past due (after a restart) settles at once. */
  const schedule = (payout: Payout) => {
    const plan = payout.autoSettle;
    if (payout.status !== 'pending' || plan === null || closed) return;
    const timer = setTimeout(
      () => {
        timers.delete(payout.id);
        settle(payout, plan.outcome, DEFAULT_REASON);
      },
      Math.max(0, Date.parse(plan.at) - Date.now()),
    );
    timer.unref();
    timers.set(payout.id, timer);
  };

  const record = (submission: Submission): Payout => {
    const now = new Date();
    const payout: Payout = {
      ...submission,
      reference: newReference(),
      status: 'pending',
      currency: 'CNY',
      reason: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      autoSettle:
        settings.autoSettleSeconds === null
          ? null
          : { at: new Date(now.getTime() + settings.autoSettleSeconds * 1000).toISOString(), outcome: settings.autoOutcome },
    };
    store.payouts.set(payout.id, payout);
    schedule(payout);
    // Saved now, not when answered: a timeout-after fault holds the answer.
    changed();
    return payout;
  };

  // ---------------------------------------------------------------- partner API (the app calls these)
  app.register(async (api) => {
    // An outage answers before anything is checked, as an unreachable service would.
    api.addHook('onRequest', async (request, reply) => {
      if (faults.isDown()) return fail(reply, 503, 'unavailable', 'the payout partner is unavailable');
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return fail(reply, 401, 'unauthorized', 'bad API key');
    });

    api.post('/v1/payouts', async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !ORDER_ID.test(key))
        return invalid(reply, 'an Idempotency-Key header of 8 to 100 letters, digits, ":", "_" or "-" is required');
      const parsed = parseSubmission(request.body);
      if (!parsed.ok) return invalid(reply, parsed.message);
      if (parsed.submission.id !== key) return invalid(reply, 'id must equal the Idempotency-Key');

      const existing = store.payouts.get(key);
      if (existing) {
        if (!sameRequest(existing, parsed.submission))
          return fail(reply, 409, 'idempotency_conflict', 'this Idempotency-Key was used for a different payout');
        return payoutView(existing);
      }

      const fault = faults.take();
      switch (fault?.mode) {
        case 'refuse':
          // Refused before anything was recorded, so the same key may be tried again.
          return fail(reply, 422, 'payee_rejected', 'the payee account cannot receive payments (sandbox fault)');
        case 'timeout-before':
          await faults.hold(fault.ms);
          return fail(reply, 504, 'gateway_timeout', 'the payout partner did not answer in time');
        case 'timeout-after':
          record(parsed.submission);
          await faults.hold(fault.ms);
          return fail(reply, 504, 'gateway_timeout', 'the payout partner did not answer in time');
      }
      return payoutView(record(parsed.submission));
    });

    paymentRoutes(api, store);

    api.get('/v1/payouts/:id', async (request, reply) => {
      const payout = store.payouts.get(idParam(request.params));
      return payout ? payoutView(payout) : notFound(reply, 'payout');
    });
  });

  // ---------------------------------------------------------------- back office (dev page and tests, no key)
  servePage(app, { html: devPage(), files: [SANDBOX_CSS, PAYOUT_PAGE_SCRIPT] });
  app.get('/sandbox/payouts', async () => ({ payouts: [...store.payouts.values()].reverse().map(maskedView) }));
  app.get('/sandbox/events', async () => ({ events: [...store.events.values()].reverse().slice(0, 200) }));

  app.post('/sandbox/payouts/:id/paid', async (request, reply) => {
    const payout = store.payouts.get(idParam(request.params));
    if (!payout) return notFound(reply, 'payout');
    if (payout.status === 'rejected') return fail(reply, 409, 'payout_rejected', 'the payout was already rejected');
    settle(payout, 'paid', '');
    return payoutView(payout);
  });

  app.post('/sandbox/payouts/:id/rejected', async (request, reply) => {
    const payout = store.payouts.get(idParam(request.params));
    if (!payout) return notFound(reply, 'payout');
    const reason = ((request.body ?? {}) as { reason?: unknown }).reason ?? DEFAULT_REASON;
    if (typeof reason !== 'string' || reason.trim().length === 0 || reason.length > 200)
      return invalid(reply, 'reason must be 1 to 200 characters');
    if (payout.status === 'paid') return fail(reply, 409, 'payout_paid', 'the payout was already paid');
    settle(payout, 'rejected', reason.trim());
    return payoutView(payout);
  });

  app.post('/sandbox/events/:id/redeliver', async (request, reply) => {
    const event = store.events.get(idParam(request.params));
    if (!event) return notFound(reply, 'event');
    await deliveries.once(event);
    return event;
  });

  app.get('/sandbox/settings', async () => settings);
  app.put('/sandbox/settings', async (request, reply) => {
    const parsed = parseSettings(request.body ?? {}, settings);
    if (!parsed.ok) return invalid(reply, parsed.message);
    settings = parsed.settings;
    return settings;
  });

  faultRoutes(app, faults);

  /** Plants a break on purpose: the partner pays a paid payout once more, and tells the app nothing. */
  app.post('/sandbox/payouts/:id/pay-twice', async (request, reply) => {
    const payout = store.payouts.get(idParam(request.params));
    if (!payout) return notFound(reply, 'payout');
    if (payout.status !== 'paid') return fail(reply, 409, 'payout_not_paid', 'only a paid payout can be paid again');
    const payment = store.pay(payout, new Date().toISOString());
    return { payout: payoutView(payout), payment };
  });

  // After a restart: what was under way when the last run stopped goes on, as at a real partner.
  for (const payout of store.payouts.values()) schedule(payout);
  for (const event of store.events.values()) if (!finished(event)) deliveries.start(event);

  return {
    app,
    store,
    setWebhookUrl: (url) => {
      target.webhookUrl = url;
    },
  };
}
