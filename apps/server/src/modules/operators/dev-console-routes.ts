import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generate } from 'otplib';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { devPage, escapeHtml } from '../../platform/dev-pages';
import { DEV_OPERATORS } from './dev-operators';

/** Development only (never registered in production): the development operators and their current codes. */
export const devConsoleRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get('/dev/console', { schema: { hide: true } }, async (_request, reply) => {
    const now = clock.now();
    const epoch = Math.floor(now.getTime() / 1000);
    const rows = await db
      .selectFrom('operators')
      .select(['email', 'status', 'totp_confirmed_at'])
      .where(
        'email',
        'in',
        DEV_OPERATORS.map((dev) => dev.email),
      )
      .execute();
    const items = await Promise.all(
      DEV_OPERATORS.map(async (dev) => {
        const row = rows.find((r) => r.email === dev.email);
        const state = row ? row.status : 'not created yet (npm start creates it)';
        const code = await generate({ secret: dev.totpSecret, epoch });
        return `<tr><td>${escapeHtml(dev.email)}</td><td>${escapeHtml(dev.roles.join(', '))}</td><td><code>${escapeHtml(dev.password)}</code></td><td><code>${escapeHtml(dev.totpSecret)}</code></td><td><b><code>${code}</code></b></td><td>${escapeHtml(state)}</td></tr>`;
      }),
    );
    const left = 30 - (epoch % 30);
    return devPage(reply, {
      title: 'Dev console operators',
      head: '<meta http-equiv="refresh" content="10">',
      body: `<h1>Development operators</h1><p>Sign in at <a href="/console/">/console/</a> with an email and password below, then the current authenticator code (valid ${left} s more; this page refreshes every 10 seconds). A code is taken once: after a sign-in, wait for the next one. Add the secret to an authenticator app to get codes there. Absent in production.</p><table><thead><tr><th>Email</th><th>Roles</th><th>Password</th><th>TOTP secret</th><th>Code now</th><th>State</th></tr></thead><tbody>${items.join('')}</tbody></table>`,
    });
  });
};
