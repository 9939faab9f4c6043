import { CARD_CHANNELS, safeText } from '@wallet/contract';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../platform/webhook-signature';
import { applyAuthorizationEvent } from '../authorizations/events';
import { decideAuthorization } from '../authorizations/service';
import type { AuthorizationRequest, DecisionResult } from '../authorizations/types';
import type { CardDeps } from '../deps';
import { applyKycResult } from '../kyc/service';
import { failOpening, markOpened, markShipping } from '../opening/service';
import { claimEvent } from '../queries';
import * as q from './queries';

/*
 * Signed by the issuer, yet checked like any input: what it sends is stored and shown to members, so
 * text with control characters (NUL is refused by PostgreSQL) or an amount past numeric(38, 18) is a
 * malformed event, answered 400, never a failed write.
 */
const text = (max: number) => safeText(max, { trim: false });
const amount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,2})?$/)
  .refine((v) => Number(v) > 0);
const merchant = z.object({ name: text(200), mcc: text(8).optional(), country: text(8).optional() });
const authorizationData = z.object({
  authorizationId: text(100).min(1),
  cardId: text(100).min(1),
  amount,
  currency: z.string().length(3),
  merchant,
  // A channel this app does not know is taken as not said (see channelOf), never as a malformed request.
  channel: z.enum(CARD_CHANNELS).optional().catch(undefined),
  approved: z.boolean().optional(),
});

/** The events an issuer sends, as the sandbox issuer (and the issuers it imitates) shape them. */
export const issuerEventSchema = z.object({
  id: text(100).min(1),
  type: text(60).min(1),
  created: text(40),
  data: z.record(z.string(), z.unknown()),
});
export type IssuerEvent = z.infer<typeof issuerEventSchema>;

const parse = <T extends z.ZodType>(schema: T, data: unknown): z.infer<T> => {
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError('BAD_REQUEST');
  return result.data;
};

const toAuthorizationRequest = (data: z.infer<typeof authorizationData>): AuthorizationRequest => ({
  authorizationId: data.authorizationId,
  issuerCardId: data.cardId,
  amount: data.amount,
  currency: data.currency,
  merchant: data.merchant,
  ...(data.channel === undefined ? {} : { channel: data.channel }),
});

/** The authorization request an event carries, or null when it is not a well-formed authorization.request. */
export function authorizationRequestOf(event: IssuerEvent): AuthorizationRequest | null {
  if (event.type !== 'authorization.request') return null;
  const data = authorizationData.safeParse(event.data);
  return data.success ? toAuthorizationRequest(data.data) : null;
}

/** A decision that froze its card: the issuer is told after answering, off the critical path. */
export function announceFreeze(deps: CardDeps, decision: DecisionResult) {
  if (!decision.frozeCard) return;
  const { issuerCardId, reason } = decision.frozeCard;
  deps.log.info({ issuerCardId, reason }, 'card frozen by rule');
  setImmediate(() => void deps.issuer.freeze(issuerCardId).catch((err) => deps.log.warn({ err }, 'issuer freeze failed')));
}

/**
 * A delivery other than an authorization request (those are recorded with their decision): recorded
 * once by its signature (a replay is refused), then its event applied. A delivery whose event fails is
 * forgotten again, so the issuer's retry (newly signed or the same) is processed.
 */
export async function handleDelivery(deps: CardDeps, signature: string, event: IssuerEvent | null): Promise<Record<string, unknown>> {
  if (!(await q.recordDelivery(deps.db, signature))) throw new AppError('WEBHOOK_REPLAYED');
  if (!event) throw new AppError('BAD_REQUEST');
  try {
    return await handleIssuerEvent(deps, event);
  } catch (error) {
    await q.forgetDelivery(deps.db, signature);
    throw error;
  }
}

/** Deliveries older than the tolerance can no longer pass the timestamp check, so their signatures can go. */
export async function pruneWebhookDeliveries(deps: CardDeps): Promise<void> {
  await q.pruneDeliveries(deps.db, new Date(Date.now() - 2 * WEBHOOK_TOLERANCE_SECONDS * 1000));
}

/**
 * One issuer event. authorization.request is answered with the decision (the issuer waits for it);
 * everything else is applied exactly once by event id and answered with { received: true }.
 */
export async function handleIssuerEvent(deps: CardDeps, event: IssuerEvent): Promise<Record<string, unknown>> {
  switch (event.type) {
    case 'authorization.request': {
      const decision = await decideAuthorization(deps, toAuthorizationRequest(parse(authorizationData, event.data)));
      announceFreeze(deps, decision);
      return { approved: decision.approved, reason: decision.reason };
    }
    case 'authorization.reversal':
    case 'authorization.clearing':
    case 'authorization.refund':
    case 'authorization.expired': {
      const data = parse(authorizationData, event.data);
      const result = await applyAuthorizationEvent(deps, {
        eventId: event.id,
        type: event.type,
        authorizationId: data.authorizationId,
        issuerCardId: data.cardId,
        amount: data.amount,
        currency: data.currency,
        merchant: data.merchant,
        ...(data.approved === undefined ? {} : { approved: data.approved }),
      });
      return { received: true, duplicate: result.duplicate };
    }
    default:
      return handleLifecycleEvent(deps, event);
  }
}

const cardData = z.object({
  cardId: text(100).min(1),
  reference: z.uuid(),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  expMonth: z.number().int().min(1).max(12).optional(),
  expYear: z.number().int().min(2000).max(2100).optional(),
  reason: text(200).nullable().optional(),
  trackingNumber: text(60).nullable().optional(),
});
const kycData = z.object({ cardholderId: text(100).min(1), reason: text(500).nullable().optional() });

/** Card and cardholder life events: each applied once (event id claimed in its own transaction first). */
async function handleLifecycleEvent(deps: CardDeps, event: IssuerEvent): Promise<Record<string, unknown>> {
  const known = ['card.opened', 'card.failed', 'card.shipped', 'card.delivered', 'kyc.approved', 'kyc.rejected'];
  if (!known.includes(event.type)) return { received: true, ignored: true };
  const seen = await q.eventSeen(deps.db, event.id);
  if (seen) return { received: true, duplicate: true };

  if (event.type.startsWith('kyc.')) {
    const data = parse(kycData, event.data);
    await applyKycResult(deps, data.cardholderId, event.type === 'kyc.approved', data.reason ?? null);
  } else {
    const data = parse(cardData, event.data);
    if (event.type === 'card.opened') {
      if (!data.last4 || !data.expMonth || !data.expYear) throw new AppError('BAD_REQUEST');
      await markOpened(deps, {
        cardId: data.reference,
        issuerCardId: data.cardId,
        last4: data.last4,
        expMonth: data.expMonth,
        expYear: data.expYear,
      });
    } else if (event.type === 'card.failed') {
      await failOpening(deps, data.reference, data.reason ?? 'issuer_failed');
    } else {
      await markShipping(deps, data.reference, event.type === 'card.shipped' ? 'shipped' : 'delivered', data.trackingNumber);
    }
  }
  // Each effect above is idempotent by itself (state checks, ledger keys), so recording the id after
  // them is safe: a crash in between means the event is applied again and changes nothing.
  await deps.db.transaction().execute((trx) => claimEvent(trx, event.id, event.type));
  return { received: true, duplicate: false };
}
