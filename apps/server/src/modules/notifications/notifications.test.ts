import { createParser } from 'eventsource-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { creditMember } from '../../../test/ledger-fixtures';
import { notify } from './notify';

/** Notifications: the list, read marks, and the live stream (its events, resume, limits, other servers). */
let t: TestApp & { url: string };
let alice: Member;
let bob: Member;

beforeAll(async () => {
  const app = await createTestApp();
  const url = (await app.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  t = { ...app, url };
  alice = await fundedMember(t, '0');
  bob = await fundedMember(t, '0');
});
afterAll(() => t?.close());

const db = () => t.database.handle.db;
const get = (member: Member, url: string, language = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { ...member.headers, 'accept-language': language } });
const post = (member: Member, url: string, payload?: object, language = 'en') =>
  t.app.inject({ method: 'POST', url, headers: { ...member.headers, 'accept-language': language }, ...(payload ? { payload } : {}) });
const userId = async (member: Member) =>
  (await db().selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow()).id;

async function tell(member: Member, amount: string) {
  const id = await userId(member);
  await db()
    .transaction()
    .execute((trx) =>
      notify(trx, id, {
        code: 'transfer_received',
        params: { amount, currency: 'USDT', fromUid: '100001' },
        ref: { kind: 'record', id: '1' },
      }),
    );
}

interface LiveEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** A live stream read the way the web app reads it: fetch with the bearer token, parsed as event-stream. */
async function openStream(member: Member, lastEventId?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...member.headers, accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${t.url}/api/v1/me/events`, { headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const parser = createParser({
    onEvent: (event) => {
      events.push({ id: event.id, event: event.event, data: event.data });
      for (const wake of waiters) wake();
    },
  });
  const pump = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    for (const wake of waiters) wake();
  })();
  return {
    response,
    events,
    get ended() {
      return ended;
    },
    /** Resolves with the first event matching `test`, waiting up to 5 s. */
    async next(test: (event: LiveEvent) => boolean): Promise<LiveEvent> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = events.find(test);
        if (found) return found;
        if (ended) throw new Error(`stream ended; got ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, left);
        });
      }
    },
    async untilEnded(): Promise<void> {
      await Promise.race([pump, new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 5000))]);
    },
    close() {
      controller.abort();
    },
  };
}

describe('the list', () => {
  it('pages newest first, counts unread, and marks read only the member own', async () => {
    for (let i = 1; i <= 5; i += 1) await tell(alice, `${i}.5`);
    await tell(bob, '9');
    const first = await get(alice, '/api/v1/me/notifications?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.unread).toBe(5);
    expect(page.notifications.map((n: { params: { amount: string } }) => n.params.amount)).toEqual(['5.5', '4.5']);
    expect(page.notifications[0]).toMatchObject({ code: 'transfer_received', ref: { kind: 'record', id: '1' }, read: false });
    const second = (await get(alice, `/api/v1/me/notifications?limit=2&cursor=${page.nextCursor}`)).json();
    expect(second.notifications.map((n: { params: { amount: string } }) => n.params.amount)).toEqual(['3.5', '2.5']);
    const last = (await get(alice, `/api/v1/me/notifications?limit=2&cursor=${second.nextCursor}`)).json();
    expect(last.notifications).toHaveLength(1);
    expect(last.nextCursor).toBeNull();

    const bobs = (await get(bob, '/api/v1/me/notifications')).json().notifications;
    // Alice cannot mark Bob's notification read: the update only touches her own rows.
    expect((await post(alice, '/api/v1/me/notifications/read', { ids: [bobs[0].id, page.notifications[0].id] })).statusCode).toBe(200);
    expect((await get(bob, '/api/v1/me/notifications/unread')).json()).toEqual({ unread: 1 });
    expect((await get(alice, '/api/v1/me/notifications/unread')).json()).toEqual({ unread: 4 });
    expect((await post(alice, '/api/v1/me/notifications/read-all')).statusCode).toBe(200);
    expect((await get(alice, '/api/v1/me/notifications/unread')).json()).toEqual({ unread: 0 });
    expect((await get(bob, '/api/v1/me/notifications/unread')).json()).toEqual({ unread: 1 });
  });

  it('refuses malformed ids and cursors with a code in the reader language, never a database error', async () => {
    for (const url of ['/api/v1/me/notifications?cursor=99999999999999999999', '/api/v1/me/notifications?cursor=abc']) {
      const res = await get(alice, url, 'zh');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details.fields[0]).toMatchObject({
        code: 'NOTIFICATION_ID_INVALID',
        message: '找不到该消息，请刷新列表后重试。',
      });
    }
    const res = await post(alice, '/api/v1/me/notifications/read', { ids: ["1' or 1=1"] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].code).toBe('NOTIFICATION_ID_INVALID');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/notifications' })).statusCode).toBe(401);
    expect((await fetch(`${t.url}/api/v1/me/events`)).status).toBe(401);
  });
});

describe('the live stream', () => {
  it('sends ready, then each new notification with its id, and balance changes as a word to read again', async () => {
    const stream = await openStream(alice);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    // The stream writes its response itself: the headers every reply carries are on it too.
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    await stream.next((e) => e.event === 'ready');
    await tell(alice, '7.25');
    const event = await stream.next((e) => e.event === 'notification');
    const notification = JSON.parse(event.data);
    expect(notification).toMatchObject({ code: 'transfer_received', params: { amount: '7.25' } });
    expect(event.id).toBe(notification.id);

    await creditMember(t, alice.profile.uid, 'USDT', '3');
    await stream.next((e) => e.event === 'balances');
    // Nothing of Bob's reaches Alice.
    await tell(bob, '1');
    await tell(alice, '8');
    await stream.next((e) => e.event === 'notification' && JSON.parse(e.data).params.amount === '8');
    expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(2);
    stream.close();
  });

  it('resumes after Last-Event-ID with what was missed, in order', async () => {
    const first = await openStream(alice);
    await first.next((e) => e.event === 'ready');
    await tell(alice, '10');
    const seen = await first.next((e) => e.event === 'notification');
    first.close();
    await tell(alice, '11');
    await tell(alice, '12');
    const again = await openStream(alice, seen.id);
    await again.next((e) => e.event === 'notification' && JSON.parse(e.data).params.amount === '12');
    expect(again.events.filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data).params.amount)).toEqual(['11', '12']);
    again.close();
  });

  it('hears notifications written by another server through the database', async () => {
    const stream = await openStream(bob);
    await stream.next((e) => e.event === 'ready');
    // What another server process does: its own insert, then NOTIFY on the shared channel.
    const bobId = await userId(bob);
    await db()
      .insertInto('notifications')
      .values({ user_id: bobId, code: 'deposit_credited', params: JSON.stringify({ amount: '42', currency: 'USDT', network: 'TRON' }) })
      .execute();
    const change = { topic: 'notifications', userIds: [bobId] };
    await sql`select pg_notify('wallet_changes', ${JSON.stringify({ origin: 'another-server', change })})`.execute(db());
    const event = await stream.next((e) => e.event === 'notification');
    expect(JSON.parse(event.data)).toMatchObject({ code: 'deposit_credited', params: { amount: '42' } });
    stream.close();
  });

  it('ends when its session is signed out', async () => {
    const carol = await fundedMember(t, '0');
    const stream = await openStream(carol);
    await stream.next((e) => e.event === 'ready');
    expect((await post(carol, '/api/v1/auth/logout')).statusCode).toBe(200);
    await stream.untilEnded();
    expect(stream.ended).toBe(true);
  });

  it('limits the streams one member holds open', async () => {
    const dave = await fundedMember(t, '0');
    const streams = [];
    for (let i = 0; i < 10; i += 1) {
      const stream = await openStream(dave);
      await stream.next((e) => e.event === 'ready');
      streams.push(stream);
    }
    const refused = await fetch(`${t.url}/api/v1/me/events`, { headers: { ...dave.headers, 'accept-language': 'ko' } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ code: 'LIVE_STREAMS_TOO_MANY' });
    for (const stream of streams) stream.close();
  });
});
