import { setTimeout as sleep } from 'node:timers/promises';
import { signatureHeader } from '@wallet/sandbox-issuer';
import type { Delivery, PayoutEvent } from './store';

export interface DeliveryTuning {
  /** Attempts per event before giving up; real partners retry for hours, tests want it quick. */
  attempts?: number;
  /** The wait before the second attempt, doubling after each. */
  retryDelayMs?: number;
  timeoutMs?: number;
}

export interface WebhookTarget {
  webhookUrl: string;
  webhookSecret: string;
}

/** A network error, a 5xx or a 409 (the app not ready for the event yet) may pass; a refusal will not. */
export const worthRetrying = (status: number | null) => status === null || status === 409 || status >= 500;

/** Delivered, or refused for good: nothing left to send after a restart. */
export const finished = (event: PayoutEvent) => event.deliveries.some(({ status }) => !worthRetrying(status));

/**
 * Signed webhook deliveries, in the background so the reply that caused an event is not held up by
 * the app's webhook endpoint. Every delivery under way is tracked so close() can abandon it at once.
 */
export class Deliveries {
  readonly #target: WebhookTarget;
  readonly #attempts: number;
  readonly #retryDelayMs: number;
  readonly #timeoutMs: number;
  readonly #onAttempt: () => void;
  readonly #running = new Set<Promise<unknown>>();
  readonly #closing = new AbortController();

  constructor(target: WebhookTarget, tuning: DeliveryTuning, onAttempt: () => void) {
    this.#target = target;
    this.#attempts = tuning.attempts ?? 6;
    this.#retryDelayMs = tuning.retryDelayMs ?? 500;
    this.#timeoutMs = tuning.timeoutMs ?? 10_000;
    this.#onAttempt = onAttempt;
  }

  /** Delivers with retries, without waiting for it. */
  start(event: PayoutEvent): void {
    this.#track(this.#deliver(event));
  }

  /** One attempt now (the dev page's redeliver), recorded like the others. */
  once(event: PayoutEvent): Promise<Delivery | null> {
    return this.#track(this.#attempt(event));
  }

  /** Abandons what is under way (recording nothing for it) and resolves once all of it has stopped. */
  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.allSettled([...this.#running]);
  }

  #track<T>(work: Promise<T>): Promise<T> {
    if (this.#closing.signal.aborted) return work;
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work)).catch(() => {});
    return work;
  }

  async #deliver(event: PayoutEvent): Promise<void> {
    for (let attempt = 0; attempt < this.#attempts; attempt++) {
      if (attempt > 0) {
        try {
          await sleep(this.#retryDelayMs * 2 ** (attempt - 1), undefined, { signal: this.#closing.signal });
        } catch {
          return;
        }
      }
      const delivery = await this.#attempt(event);
      if (delivery === null || !worthRetrying(delivery.status)) return;
    }
  }

  /** Signs and posts the event; a failure is a result, and null means the sandbox is closing. */
  async #attempt(event: PayoutEvent): Promise<Delivery | null> {
    if (this.#closing.signal.aborted) return null;
    const body = JSON.stringify({ id: event.id, type: event.type, created: event.created, data: event.data });
    const timestamp = Math.floor(Date.now() / 1000);
    const at = new Date().toISOString();
    let delivery: Delivery;
    try {
      const res = await fetch(this.#target.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // A fresh delivery id per attempt (signatureHeader's default), so a replayed capture can be told from a retry.
          'x-webhook-signature': signatureHeader(this.#target.webhookSecret, body, timestamp),
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(this.#timeoutMs), this.#closing.signal]),
      });
      const answer = await res.text();
      const ok = res.status >= 200 && res.status < 300;
      delivery = { at, status: res.status, error: ok ? null : `HTTP ${res.status}${answer ? `: ${answer.slice(0, 200)}` : ''}` };
    } catch (error) {
      if (this.#closing.signal.aborted) return null;
      delivery = { at, status: null, error: describe(error) };
    }
    event.deliveries.push(delivery);
    this.#onAttempt();
    return delivery;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'timeout';
  // fetch reports "fetch failed" and keeps the reason (ECONNREFUSED, ENOTFOUND...) in its cause.
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : null;
  return detail ? `${error.message}: ${detail}` : error.message;
}
