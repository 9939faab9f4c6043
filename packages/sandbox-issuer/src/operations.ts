import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FaultBoard } from './faults';
import { fromMinor, isAmount, toMinor } from './money';
import type { SandboxCard, SandboxOperation, SandboxStore } from './store';

type Kind = SandboxOperation['kind'];

const fail = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });
const unavailable = (reply: FastifyReply) => fail(reply, 503, 'unavailable', 'the issuer is unavailable');

/** What `GET /v1/operations/:key` shows: the issuer's record, without the sandbox's own bookkeeping. */
const view = ({ key, kind, cardId, amount, status, failureCode }: SandboxOperation) => ({ key, kind, cardId, amount, status, failureCode });

/** The reply the first call under a key got; a repeat gets it again. */
function answer(reply: FastifyReply, operation: SandboxOperation) {
  if (operation.status === 'succeeded') return { id: operation.cardId, balance: operation.balance };
  return fail(reply, 422, operation.failureCode ?? `${operation.kind}_refused`, `${operation.kind} refused`);
}

/**
 * Loads and unloads, each kept under the app's Idempotency-Key so the app can ask afterwards what
 * became of a call whose reply it never got (`GET /v1/operations/:key`), as real issuers allow.
 * Registered inside the API-key scope.
 */
export function moneyRoutes(api: FastifyInstance, store: SandboxStore, faults: FaultBoard) {
  // Keys whose call is still running (held by a `delay` fault): nothing is decided for them yet, so
  // neither a repeat nor a lookup may answer as if it were.
  const inFlight = new Set<string>();

  const record = (card: SandboxCard, kind: Kind, key: string, amount: string, failureCode: string | null): SandboxOperation => {
    const operation: SandboxOperation = {
      key,
      kind,
      cardId: card.id,
      amount,
      status: failureCode === null ? 'succeeded' : 'failed',
      failureCode,
      balance: failureCode === null ? fromMinor(card.balanceMinor) : null,
      createdAt: new Date().toISOString(),
    };
    store.operations.set(key, operation);
    return operation;
  };

  const apply = (card: SandboxCard, kind: Kind, key: string, amount: string): SandboxOperation => {
    const minor = toMinor(amount);
    if (kind === 'unload' && card.balanceMinor < minor) return record(card, kind, key, amount, 'insufficient_funds');
    const moved = kind === 'load' ? minor : -minor;
    card.balanceMinor += moved;
    store.moveFloat(card.currency, moved);
    return record(card, kind, key, amount, null);
  };

  const timedOut = (reply: FastifyReply) => fail(reply, 504, 'gateway_timeout', 'the issuer did not answer in time');

  for (const kind of ['load', 'unload'] as const) {
    api.post(`/v1/cards/:id/${kind}`, async (request, reply) => {
      if (faults.isDown()) return unavailable(reply);
      const card = store.cards.get((request.params as { id: string }).id);
      if (!card) return fail(reply, 404, 'not_found', 'card not found');
      const amount = ((request.body ?? {}) as Record<string, unknown>).amount;
      if (!isAmount(amount)) return fail(reply, 400, 'invalid_request', 'amount must be a positive decimal string with at most 2 decimals');
      // Without a key a retried call could move the money twice, and nothing could be looked up later.
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 255)
        return fail(reply, 400, 'invalid_request', 'an Idempotency-Key header (1 to 255 characters) is required');

      const first = store.operations.get(key);
      if (first) {
        if (first.kind !== kind || first.cardId !== card.id || toMinor(first.amount) !== toMinor(amount))
          return fail(reply, 422, 'idempotency_key_reused', 'this Idempotency-Key was used for a different call');
        return answer(reply, first);
      }
      // Taken before operations were kept (an older state file): the saved reply, still not moved twice.
      const earlier = store.idempotent.get(`POST /v1/cards/:id/${kind}:${key}`);
      if (earlier !== undefined) return earlier;
      if (inFlight.has(key)) return fail(reply, 409, 'operation_in_progress', 'a call with this Idempotency-Key is still running');

      const fault = faults.take(kind);
      switch (fault?.mode) {
        case 'refuse':
          return answer(reply, record(card, kind, key, amount, `${kind}_refused`));
        case 'timeout-before':
          // Lost on the way in: nothing happened, so a retry with the same key goes through.
          await faults.hold(fault.ms);
          return timedOut(reply);
        case 'timeout-after':
          apply(card, kind, key, amount);
          await faults.hold(fault.ms);
          return timedOut(reply);
        case 'delay': {
          inFlight.add(key);
          const cut = await faults.hold(fault.ms).finally(() => inFlight.delete(key));
          // Shutting down mid-call: it never got as far as moving anything.
          if (cut) return unavailable(reply);
          break;
        }
      }
      return answer(reply, apply(card, kind, key, amount));
    });
  }

  api.get('/v1/operations/:key', async (request, reply) => {
    if (faults.isDown()) return unavailable(reply);
    const { key } = request.params as { key: string };
    if (inFlight.has(key)) return fail(reply, 409, 'operation_in_progress', 'the call with this Idempotency-Key is still running');
    const operation = store.operations.get(key);
    if (!operation) return fail(reply, 404, 'not_found', 'operation not found');
    return view(operation);
  });
}
