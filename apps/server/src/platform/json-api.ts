/** A service we call over HTTP with a bearer key (the card issuer, the payout partner). */
export interface JsonApi {
  baseUrl: string;
  apiKey: string;
  /** After this the outcome counts as unknown: a stuck call must not hold a request or job forever. */
  timeoutMs: number;
}

/**
 * What a call came to. `status: null`: no usable answer (no connection, timeout, a body that is not
 * JSON), so the outcome is unknown and must be looked up. `reason` never carries a body: replies may
 * hold card data or payees' numbers.
 */
export type JsonApiReply = { ok: true; body: unknown } | { ok: false; status: number | null; code: string | null; reason: string };

export async function callJsonApi(
  api: JsonApi,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<JsonApiReply> {
  let res: Response;
  try {
    res = await fetch(new URL(path, api.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${api.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(api.timeoutMs),
    });
  } catch (error) {
    return { ok: false, status: null, code: null, reason: `unreachable: ${(error as Error).message}` };
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    return { ok: false, status: null, code: null, reason: `answered ${res.status} with a body that is not JSON` };
  }
  if (res.ok) return { ok: true, body: parsed };
  const code = (parsed as { error?: { code?: unknown } } | null)?.error?.code;
  return { ok: false, status: res.status, code: typeof code === 'string' ? code : null, reason: `answered ${res.status}` };
}
