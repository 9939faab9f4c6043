import { expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

it('finishes requests in flight when closing, and refuses new connections', async () => {
  const t = await createTestApp();
  let entered!: () => void;
  const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
  t.app.get('/test/slow', async () => {
    entered();
    await new Promise((r) => setTimeout(r, 400));
    return { done: true };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`);
  await handlerEntered;
  const closing = t.app.close();

  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ done: true });
  await closing;
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  await t.database.drop();
});
