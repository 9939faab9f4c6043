export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/** Settles like `promise`, or rejects with TimeoutError once `ms` have passed without it settling. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message = `Timed out after ${ms} ms`): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
