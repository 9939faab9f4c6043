import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency-key';

/**
 * Idempotency keys for a form that moves money. One key per confirm attempt: confirming the same
 * request again (after a timeout, a lost connection or a refusal) sends the same key, so the server
 * moves the money at most once; changing what is sent, or a success, starts a new attempt.
 * `request` identifies the attempt without secrets (no code or payment password).
 */
export function createAttemptKeys(newKey: () => string = () => newIdempotencyKey()) {
  let current: { request: string; key: string } | null = null;
  return {
    keyFor(request: string): string {
      if (current?.request !== request) current = { request, key: newKey() };
      return current.key;
    },
    /** After a success: the next confirm is a new request, even with the same values. */
    reset(): void {
      current = null;
    },
    /** A success handler that ends the attempt first (see reset). */
    done<T>(then: (reply: T) => void): (reply: T) => void {
      return (reply) => {
        current = null;
        then(reply);
      };
    },
  };
}

export type AttemptKeys = ReturnType<typeof createAttemptKeys>;

/** The attempt keys of one form, kept for as long as the form is on screen. */
export function useAttemptKeys(): AttemptKeys {
  const keys = useRef<AttemptKeys | null>(null);
  keys.current ??= createAttemptKeys();
  return keys.current;
}
