import {
  errorReplySchema,
  markReadBodySchema,
  notificationListQuerySchema,
  notificationListReplySchema,
  okReplySchema,
  unreadCountReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { requireSession, signedIn } from '../auth/sessions';
import { eventText, type LiveHub, type LiveStream } from './live-hub';
import * as q from './queries';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['notifications'];
const security = [{ bearer: [] }];
// A client this far behind is not reading; it is dropped and resumes from its last event id.
const MAX_BUFFERED_BYTES = 256 * 1024;
const EVENT_ID = /^\d{1,18}$/;

/** The member's notifications (messageSun/index) and the live stream of their events. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; hub: LiveHub }> = async (app, { db, clock, hub }) => {
  app.addHook('onRequest', requireSession(db, clock));

  app.get(
    '/api/v1/me/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListReplySchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const [page, unread] = await Promise.all([
        q.listNotifications(db, userId, request.query.cursor, request.query.limit),
        q.unreadCount(db, userId),
      ]);
      return { ...page, unread };
    },
  );

  app.get(
    '/api/v1/me/notifications/unread',
    { schema: { tags, security, summary: 'How many notifications I have not read', response: { 200: unreadCountReplySchema, ...errors } } },
    async (request) => ({ unread: await q.unreadCount(db, signedIn(request).userId) }),
  );

  app.post(
    '/api/v1/me/notifications/read',
    {
      schema: { tags, security, summary: 'Mark notifications read', body: markReadBodySchema, response: { 200: okReplySchema, ...errors } },
    },
    async (request) => {
      await q.markRead(db, signedIn(request).userId, request.body.ids, clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/me/notifications/read-all',
    { schema: { tags, security, summary: 'Mark every notification read', response: { 200: okReplySchema, ...errors } } },
    async (request) => {
      await q.markRead(db, signedIn(request).userId, 'all', clock.now());
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/me/events',
    {
      schema: {
        tags,
        security,
        summary: 'Live events (text/event-stream): notifications, balance and ticket changes',
        description:
          'Server-Sent Events. Event types: ready, notification (id = notification id; send Last-Event-ID to resume), balances, ticket. A comment line every 25 s keeps the connection open.',
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = signedIn(request);
      const lastEventId = request.headers['last-event-id'];
      const resuming = typeof lastEventId === 'string' && EVENT_ID.test(lastEventId);
      const resumeFrom = resuming ? lastEventId : await q.latestId(db, userId);
      const raw = reply.raw;
      let remove = () => {};
      const stream: LiveStream = {
        userId,
        sessionId,
        position: BigInt(resumeFrom),
        write: (text) => {
          if (raw.destroyed) return false;
          raw.write(text);
          return raw.writableLength <= MAX_BUFFERED_BYTES;
        },
        close: () => {
          remove();
          raw.end();
        },
      };
      remove = hub.add(stream, resuming);
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 3000\n${eventText('ready', {})}`);
      request.raw.on('close', () => remove());
    },
  );
};
