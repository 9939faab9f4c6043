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
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}

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
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PartnerError(`payout partner unreachable: ${(error as Error).message}`, null);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new PartnerError(`payout partner answered ${res.status} with a body that is not JSON`, res.ok ? null : res.status);
    }
    if (!res.ok) {
      const code = (parsed as { error?: { code?: string } } | null)?.error?.code ?? null;
      // The request is not echoed into the message: it carries the payee's numbers.
      throw new PartnerError(
        `payout partner answered ${res.status} to ${method} ${path.split('/').slice(0, 3).join('/')}`,
        res.status,
        code,
      );
    }
    return parsed;
  }
}
