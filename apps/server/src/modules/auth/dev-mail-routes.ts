import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { devPage, escapeHtml } from '../../platform/dev-pages';
import { listOutbox } from './queries';

/**
 * Development only (never registered in production): the outbox of mails that would have been sent,
 * so a newcomer without a mail server can read their codes.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const messageSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

  app.get(
    '/api/v1/dev/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'Development outbox (absent in production)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (request) => {
      const rows = await listOutbox(db, 100);
      const wanted = request.query.to?.toLowerCase();
      return {
        messages: rows
          .filter((r) => !wanted || r.to_address === wanted)
          .map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, createdAt: r.created_at.toISOString() })),
      };
    },
  );

  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listOutbox(db, 50);
    const items = rows
      .map(
        (r) =>
          `<article><header><b>${escapeHtml(r.subject)}</b><br><small>to ${escapeHtml(r.to_address)} · ${r.created_at.toISOString()}</small></header><pre>${escapeHtml(r.text_body)}</pre></article>`,
      )
      .join('');
    return devPage(reply, {
      title: 'Dev mail outbox',
      // A refresh is no script: the page's policy allows it, and the page needs nothing else.
      head: '<meta http-equiv="refresh" content="5">',
      body: `<h1>Development mail outbox</h1><p>Mail that a real server would have sent. Refreshes every 5 seconds. Absent in production.</p>${items || '<p>No mail yet.</p>'}`,
    });
  });
};
