import { callJsonApi, type JsonApi } from '../../platform/json-api';

/**
 * The payout partner's API as we use it: submit a payout with our order id as the idempotency key,
 * look it up by that id, and (webhook-routes.ts) receive its signed status changes. The sandbox
 * payout partner (packages/sandbox-payout) implements it for development and tests.
 */

export type PartnerStatus = 'pending' | 'paid' | 'rejected';

export interface PartnerPayout {
  id: string;
  reference: string;
  status: PartnerStatus;
  reason: string | null;
}

export interface PayoutRequest {
  id: string;
  /** CNY, two decimals. */
  amount: string;
  method: 'alipay' | 'bank';
  payee: { name: string; idNumber: string; account: string; bankName?: string; phone?: string };
}

export interface PayoutPartner {
  /** Same id, same payout: a repeat returns it as it stands. Throws PartnerError. */
  submit(request: PayoutRequest): Promise<PartnerPayout>;
  /** The payout the partner holds under our id, or null when it never took one. */
  lookup(id: string): Promise<PartnerPayout | null>;
  /** One page of every payment made (a payout paid twice is listed twice, same reference); pass nextCursor back until null. */
  listPaid(input: { cursor?: string | null; limit?: number }): Promise<PartnerPaymentPage>;
  /** What the partner counts as paid, per currency. */
  totals(): Promise<{ asOf: string; paid: Record<string, { count: number; amount: string }> }>;
  /** What the platform still has prefunded with the partner, per currency. */
  prefunding(): Promise<{ asOf: string; balances: Record<string, string> }>;
}

export interface PartnerPayment {
  /** The partner's id of this one payment. */
  id: string;
  /** Our order id, given as the payout's id. */
  reference: string;
  amount: string;
  currency: string;
  paidAt: string;
}

export interface PartnerPaymentPage {
  asOf: string;
  payouts: PartnerPayment[];
  nextCursor: string | null;
}

export class PartnerError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no answer came (timeout, no connection). */
    readonly status: number | null,
    readonly partnerCode: string | null = null,
  ) {
    super(message);
  }
}

/**
 * A refusal that means nothing was paid and nothing will be under this id: a 4xx other than
 * timeout, conflict and rate limit. Anything else is an unknown outcome, to be looked up.
 */
export function refusedForSure(error: unknown): error is PartnerError {
  if (!(error instanceof PartnerError) || error.status === null) return false;
  return error.status >= 400 && error.status < 500 && ![401, 403, 408, 409, 429].includes(error.status);
}

/** The partner over HTTP with a bearer key: the sandbox, or a real partner with the same shape. */
export class HttpPayoutPartner implements PayoutPartner {
  private readonly api: JsonApi;

  constructor(baseUrl: string, apiKey: string, timeoutMs = 10_000) {
    this.api = { baseUrl, apiKey, timeoutMs };
  }

  submit(request: PayoutRequest): Promise<PartnerPayout> {
    return this.call('POST', '/v1/payouts', { ...request, currency: 'CNY' }, request.id) as Promise<PartnerPayout>;
  }

  async lookup(id: string): Promise<PartnerPayout | null> {
    try {
      return (await this.call('GET', `/v1/payouts/${encodeURIComponent(id)}`)) as PartnerPayout;
    } catch (error) {
      if (error instanceof PartnerError && error.status === 404) return null;
      throw error;
    }
  }

  listPaid(input: { cursor?: string | null; limit?: number }): Promise<PartnerPaymentPage> {
    const query = new URLSearchParams({ status: 'paid' });
    if (input.cursor) query.set('cursor', input.cursor);
    if (input.limit !== undefined) query.set('limit', String(input.limit));
    return this.call('GET', `/v1/payouts?${query}`) as Promise<PartnerPaymentPage>;
  }

  totals() {
    return this.call('GET', '/v1/totals') as ReturnType<PayoutPartner['totals']>;
  }

  prefunding() {
    return this.call('GET', '/v1/prefunding') as ReturnType<PayoutPartner['prefunding']>;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<unknown> {
    const reply = await callJsonApi(this.api, method, path, body, idempotencyKey);
    if (reply.ok) return reply.body;
    // The order id is left out of the message; the request (the payee's numbers) never goes in.
    throw new PartnerError(
      `payout partner ${reply.reason} to ${method} ${path.split('/').slice(0, 3).join('/')}`,
      reply.status,
      reply.code,
    );
  }
}
