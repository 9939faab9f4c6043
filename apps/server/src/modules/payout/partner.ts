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
