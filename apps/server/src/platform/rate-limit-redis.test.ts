import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { freshAddress, testRedisUrl } from '../../test/redis';

// Redis is optional: without it each process keeps its own limits, which the other tests cover. The
// run's setup finds or starts one (test/redis-setup.ts), and CI fails without it rather than skip.
const REDIS_URL = testRedisUrl();

describe.runIf(REDIS_URL)('with REDIS_URL', () => {
  it('shares rate limits between two API processes', async () => {
    const env = { REDIS_URL: String(REDIS_URL), RATE_LIMIT_CODES_PER_HOUR: '2' };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    // A fresh key space for this run: the limit key is the client IP, so vary it per run.
    const ip = freshAddress();
    const ask = (t: typeof a) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/codes',
        remoteAddress: ip,
        payload: { email: uniqueEmail(), purpose: 'register' },
      });
    expect((await ask(a)).statusCode).toBe(200);
    expect((await ask(b)).statusCode).toBe(200);
    expect((await ask(a)).statusCode).toBe(429);
    expect((await ask(b)).statusCode).toBe(429);
    await a.close();
    await b.close();
  });
});
