import { signatureHeader } from './signing';
import { newId, type SandboxEvent, type SandboxStore } from './store';

export interface DeliveryOptions {
  webhookUrl: string;
  webhookSecret: string;
  /** Attempts per event before giving up; real issuers retry for days, tests want it quick. */
  attempts?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
}

export interface DeliveryResult {
  eventId: string;
  status: number | null;
  body: unknown;
  error: string | null;
}

/** Signs and posts one event body; never throws (a failed delivery is a result). */
export async function send(
  options: DeliveryOptions,
  event: Pick<SandboxEvent, 'id' | 'type' | 'created' | 'data'>,
  timeoutMs = options.timeoutMs ?? 10_000,
): Promise<DeliveryResult> {
  const body = JSON.stringify({ id: event.id, type: event.type, created: event.created, data: event.data });
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-id': event.id,
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signatureHeader(options.webhookSecret, body, timestamp),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text for the dev page.
    }
    return { eventId: event.id, status: res.status, body: parsed, error: null };
  } catch (error) {
    return { eventId: event.id, status: null, body: null, error: (error as Error).name === 'TimeoutError' ? 'timeout' : String(error) };
  }
}

/**
 * Records an event and delivers it, retrying on a network error or a non-2xx reply (an app that is
 * not ready yet for an event answers 409 and gets it again), as real issuers do.
 */
export async function emit(
  store: SandboxStore,
  options: DeliveryOptions,
  type: string,
  data: Record<string, unknown>,
): Promise<DeliveryResult> {
  const event: SandboxEvent = { id: newId('evt'), type, created: new Date().toISOString(), data, deliveries: [] };
  store.events.set(event.id, event);
  return redeliver(options, event);
}

export async function redeliver(options: DeliveryOptions, event: SandboxEvent): Promise<DeliveryResult> {
  const attempts = options.attempts ?? 5;
  let result: DeliveryResult = { eventId: event.id, status: null, body: null, error: 'not sent' };
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 200) * 2 ** (attempt - 1)));
    result = await send(options, event);
    event.deliveries.push({ at: new Date().toISOString(), status: result.status, error: result.error });
    if (result.status !== null && result.status >= 200 && result.status < 300) break;
    // A refused signature or a bad request will not get better by retrying.
    if (result.status !== null && result.status !== 409 && result.status < 500) break;
  }
  return result;
}
