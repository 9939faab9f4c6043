import { randomUUID } from 'node:crypto';
import { ERRORS, TICKET_LIMITS, TICKET_TYPES, type Ticket } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, registerUser } from '../../../test/accounts';
import { testOperator } from '../../../test/operators';
import { call, createTicketWorld, errorCode, openTicket, type TicketWorld, ticketBody, uploadPng, userIdOf } from '../../../test/tickets';
import { type Change, onChange } from '../../platform/changes';

/** Support tickets through the API: every rule of opening, the thread, completing and rating, and the operator's desk. */
let t: TicketWorld;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTicketWorld();
  alice = await registerUser(t);
  bob = await registerUser(t);
});
afterAll(() => t?.close());

const create = (who: Member, body: object, key: string | null = randomUUID(), language = 'en') =>
  call(t, who, 'POST', '/api/v1/tickets', body, { ...(key ? { 'idempotency-key': key } : {}), 'accept-language': language });
const reply = (who: Member, id: string, body: object) => call(t, who, 'POST', `/api/v1/tickets/${id}/messages`, body);
const rate = (who: Member, id: string, body: object) => call(t, who, 'POST', `/api/v1/tickets/${id}/rating`, body);
type Caller = { headers: Record<string, string> };
const operatorReply = (id: string, body: string, who: Caller = t.admin) =>
  call(t, who, 'POST', `/api/v1/admin/tickets/${id}/messages`, { body });
const close = (id: string, who: Caller = t.admin) => call(t, who, 'POST', `/api/v1/admin/tickets/${id}/close`);

describe('opening a ticket', () => {
  it('opens a processing ticket with a readable unique number, the trimmed text and the screenshots in order', async () => {
    const [a, b] = [await uploadPng(t, alice), await uploadPng(t, alice, 24)];
    const res = await create(alice, {
      type: 'withdrawal',
      description: '   My withdrawal is still pending since yesterday.  ',
      reference: ' 5f6a1c2e-0000-4000-8000-000000000001 ',
      attachmentIds: [b.id, a.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json() as Ticket;
    expect(ticket).toMatchObject({
      type: 'withdrawal',
      status: 'processing',
      description: 'My withdrawal is still pending since yesterday.',
      reference: '5f6a1c2e-0000-4000-8000-000000000001',
      completedAt: null,
      rating: null,
      messages: [],
    });
    // The platform's day (UTC+8) of the test clock's 2026-11-22T08:00Z, and a sequence.
    expect(ticket.number).toMatch(/^20261122-\d{6}$/);
    // In the order the member gave them, not the order they were uploaded in.
    expect(ticket.attachments.map((x) => x.id)).toEqual([b.id, a.id]);
    expect(ticket.attachments[0]).toMatchObject({ contentType: 'image/png' });
    const other = await openTicket(t, alice, { type: 'other' });
    expect(other.number).not.toBe(ticket.number);
    expect(other.reference).toBeNull();
  });

  it('accepts every type of the contract, and a blank reference as none', async () => {
    const carol = await registerUser(t);
    for (const type of TICKET_TYPES.slice(0, TICKET_LIMITS.openPerMember)) {
      const ticket = await openTicket(t, carol, { type, reference: '  ' });
      expect(ticket.type).toBe(type);
      expect(ticket.reference).toBeNull();
    }
  });

  it('refuses each bad field with its own code, worded in the member language', async () => {
    const cases: Array<[object, string]> = [
      [ticketBody({ type: 'refund' }), 'TICKET_TYPE_INVALID'],
      [ticketBody({ type: undefined }), 'TICKET_TYPE_INVALID'],
      [ticketBody({ description: 'too short' }), 'TICKET_DESCRIPTION_LENGTH'],
      [ticketBody({ description: `   ${'a'.repeat(9)}        ` }), 'TICKET_DESCRIPTION_LENGTH'],
      [ticketBody({ description: 'x'.repeat(TICKET_LIMITS.descriptionMax + 1) }), 'TICKET_DESCRIPTION_LENGTH'],
      [ticketBody({ description: 42 }), 'TICKET_DESCRIPTION_LENGTH'],
      [ticketBody({ reference: 'R'.repeat(TICKET_LIMITS.referenceMax + 1) }), 'TICKET_REFERENCE_INVALID'],
      [ticketBody({ reference: '订单 123' }), 'TICKET_REFERENCE_INVALID'],
      [ticketBody({ reference: 'line\nbreak' }), 'TICKET_REFERENCE_INVALID'],
      [ticketBody({ attachmentIds: Array.from({ length: 5 }, () => randomUUID()) }), 'TICKET_ATTACHMENTS_TOO_MANY'],
      [ticketBody({ attachmentIds: ['not-a-uuid'] }), 'TICKET_ATTACHMENT_UNAVAILABLE'],
    ];
    for (const [body, code] of cases) {
      const res = await create(alice, body, randomUUID(), 'zh');
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      expect(errorCode(res), res.body).toBe(code);
      expect(res.json().error.details.fields[0].message).toBe(ERRORS[code as keyof typeof ERRORS].message.zh);
    }
    // Exactly at the limits is fine.
    await openTicket(t, bob, { description: 'x'.repeat(TICKET_LIMITS.descriptionMax), reference: 'R'.repeat(TICKET_LIMITS.referenceMax) });
  });

  it('needs an Idempotency-Key, and a retry with it returns the same ticket without opening another', async () => {
    const missing = await create(alice, ticketBody(), null);
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const dave = await registerUser(t);
    const shot = await uploadPng(t, dave);
    const key = randomUUID();
    const body = ticketBody({ type: 'card', attachmentIds: [shot.id] });
    const first = await create(dave, body, key);
    const again = await create(dave, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = await call(t, dave, 'GET', '/api/v1/tickets');
    expect(list.json().tickets).toHaveLength(1);
    const changed = await create(dave, ticketBody({ type: 'account' }), key);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Racing retries still open one ticket.
    const raceKey = randomUUID();
    const raced = await Promise.all([1, 2, 3].map(() => create(dave, ticketBody({ type: 'other' }), raceKey)));
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(raced.map((r) => r.json().id)).size).toBe(1);
    expect((await call(t, dave, 'GET', '/api/v1/tickets')).json().tickets).toHaveLength(2);
  });

  it('refuses screenshots that are unknown, another member’s or already attached, and attaches nothing then', async () => {
    const mine = await uploadPng(t, alice);
    const bobs = await uploadPng(t, bob);
    const unknown = await create(alice, ticketBody({ attachmentIds: [mine.id, randomUUID()] }));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    const others = await create(alice, ticketBody({ attachmentIds: [bobs.id] }));
    expect(others.json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    const twice = await create(alice, ticketBody({ attachmentIds: [mine.id, mine.id] }));
    expect(errorCode(twice)).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    // Nothing was opened or attached by the refusals: the upload is still free to use once.
    const before = (await call(t, alice, 'GET', '/api/v1/tickets')).json().tickets.length;
    const ok = await openTicket(t, alice, { attachmentIds: [mine.id] });
    expect(ok.attachments.map((a) => a.id)).toEqual([mine.id]);
    expect((await call(t, alice, 'GET', '/api/v1/tickets')).json().tickets).toHaveLength(before + 1);
    const used = await create(alice, ticketBody({ attachmentIds: [mine.id] }));
    expect(used.json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
  });

  it(`keeps at most ${TICKET_LIMITS.openPerMember} tickets processing per member`, async () => {
    const erin = await registerUser(t);
    const opened: Ticket[] = [];
    for (let i = 0; i < TICKET_LIMITS.openPerMember; i += 1) opened.push(await openTicket(t, erin));
    const refused = await create(erin, ticketBody(), randomUUID(), 'ko');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'TICKET_OPEN_LIMIT', message: ERRORS.TICKET_OPEN_LIMIT.message.ko });
    expect((await close(opened[0]?.id ?? '')).statusCode).toBe(200);
    await openTicket(t, erin);
  });

  it('is signed-in only', async () => {
    expect((await call(t, null, 'POST', '/api/v1/tickets', ticketBody(), { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
    expect((await call(t, null, 'GET', '/api/v1/tickets')).statusCode).toBe(401);
  });
});

describe('my tickets', () => {
  it('lists mine only, newest first, a page at a time, with an excerpt and who replied last', async () => {
    const frank = await registerUser(t);
    const first = await openTicket(t, frank, { description: `${'Long description. '.repeat(20)}end` });
    t.clock.advance(60);
    const second = await openTicket(t, frank, { type: 'exchange' });
    await operatorReply(first.id, 'We are looking into it.');
    const page1 = await call(t, frank, 'GET', '/api/v1/tickets?limit=1');
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().tickets.map((x: Ticket) => x.id)).toEqual([second.id]);
    expect(page1.json().tickets[0]).toMatchObject({ type: 'exchange', status: 'processing', lastReplyBy: null, number: second.number });
    const page2 = await call(t, frank, 'GET', `/api/v1/tickets?limit=1&cursor=${page1.json().nextCursor}`);
    const [older] = page2.json().tickets;
    expect(older).toMatchObject({ id: first.id, lastReplyBy: 'operator' });
    expect(older.excerpt.length).toBeLessThanOrEqual(120);
    expect(older.excerpt.endsWith('…')).toBe(true);
    expect(page2.json().nextCursor).toBeNull();
    expect((await call(t, frank, 'GET', '/api/v1/tickets?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('shows a ticket to its owner only: another member is told it does not exist', async () => {
    const ticket = await openTicket(t, alice);
    const mine = await call(t, alice, 'GET', `/api/v1/tickets/${ticket.id}`);
    expect(mine.json()).toMatchObject({ id: ticket.id, number: ticket.number });
    for (const res of [
      await call(t, bob, 'GET', `/api/v1/tickets/${ticket.id}`),
      await reply(bob, ticket.id, { body: 'hello' }),
      await rate(bob, ticket.id, { rating: 5 }),
      await call(t, bob, 'GET', `/api/v1/tickets/${randomUUID()}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TICKET_NOT_FOUND');
    }
    expect((await call(t, bob, 'GET', '/api/v1/tickets')).json().tickets.map((x: Ticket) => x.id)).not.toContain(ticket.id);
  });
});

describe('the thread', () => {
  it('takes member replies with screenshots while processing, in order, beside the operator’s', async () => {
    const ticket = await openTicket(t, alice);
    const shot = await uploadPng(t, alice);
    const first = await reply(alice, ticket.id, { body: '  Here is the screen.  ', attachmentIds: [shot.id] });
    expect(first.statusCode, first.body).toBe(200);
    await operatorReply(ticket.id, 'Thanks, checking.');
    const second = await reply(alice, ticket.id, { body: 'Any news?' });
    const thread = second.json() as Ticket;
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ['member', 'Here is the screen.'],
      ['operator', 'Thanks, checking.'],
      ['member', 'Any news?'],
    ]);
    expect(thread.messages[0]?.attachments.map((a) => a.id)).toEqual([shot.id]);
    expect(thread.attachments).toEqual([]);
    expect(new Date(thread.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(ticket.updatedAt).getTime());
  });

  it('refuses empty or long replies, more than 4 screenshots, and replies once completed', async () => {
    const ticket = await openTicket(t, alice);
    for (const [body, code] of [
      [{ body: '   ' }, 'TICKET_MESSAGE_LENGTH'],
      [{ body: 'x'.repeat(TICKET_LIMITS.messageMax + 1) }, 'TICKET_MESSAGE_LENGTH'],
      [{ body: 'ok', attachmentIds: Array.from({ length: 5 }, () => randomUUID()) }, 'TICKET_ATTACHMENTS_TOO_MANY'],
    ] as const) {
      const res = await reply(alice, ticket.id, body);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe(code);
    }
    expect((await close(ticket.id)).statusCode).toBe(200);
    const late = await reply(alice, ticket.id, { body: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('TICKET_COMPLETED');
    const operatorLate = await operatorReply(ticket.id, 'And another');
    expect(operatorLate.json().error.code).toBe('TICKET_COMPLETED');
    expect((await close(ticket.id)).json().error.code).toBe('TICKET_COMPLETED');
  });
});

describe('rating', () => {
  it('rates a completed ticket once, by its owner only, 1 to 5 with an optional comment', async () => {
    const ticket = await openTicket(t, alice);
    const early = await rate(alice, ticket.id, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TICKET_NOT_COMPLETED');
    await close(ticket.id);
    for (const [body, code] of [
      [{ rating: 0 }, 'TICKET_RATING_INVALID'],
      [{ rating: 6 }, 'TICKET_RATING_INVALID'],
      [{ rating: 4.5 }, 'TICKET_RATING_INVALID'],
      [{ rating: '5' }, 'TICKET_RATING_INVALID'],
      [{ rating: 5, comment: 'x'.repeat(TICKET_LIMITS.ratingCommentMax + 1) }, 'TICKET_RATING_COMMENT_LENGTH'],
    ] as const) {
      const res = await rate(alice, ticket.id, body);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe(code);
    }
    expect((await rate(bob, ticket.id, { rating: 1 })).json().error.code).toBe('TICKET_NOT_FOUND');
    const rated = await rate(alice, ticket.id, { rating: 4, comment: ' Quick and clear. ' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().rating).toMatchObject({ score: 4, comment: 'Quick and clear.' });
    const again = await rate(alice, ticket.id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TICKET_ALREADY_RATED');
    expect((await call(t, alice, 'GET', `/api/v1/tickets/${ticket.id}`)).json().rating.score).toBe(4);
  });
});

describe('the operator desk', () => {
  it('is for operators of the support desk only', async () => {
    const ticket = await openTicket(t, alice);
    const finance = await testOperator(t, ['finance']);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/tickets'],
      ['GET', `/api/v1/admin/tickets/${ticket.id}`],
      ['POST', `/api/v1/admin/tickets/${ticket.id}/close`],
    ] as const) {
      // A member's session is no operator's: the console's API does not know it.
      expect((await call(t, alice, method, url)).json().error.code).toBe('OPERATOR_SIGN_IN_REQUIRED');
      expect((await call(t, null, method, url)).statusCode).toBe(401);
      expect((await call(t, finance, method, url)).json().error.code).toBe('FORBIDDEN');
    }
    expect((await operatorReply(ticket.id, 'hi', alice)).json().error.code).toBe('OPERATOR_SIGN_IN_REQUIRED');
    expect((await operatorReply(ticket.id, 'hi', finance)).json().error.code).toBe('FORBIDDEN');
    expect((await call(t, alice, 'GET', `/api/v1/tickets/${ticket.id}`)).json().status).toBe('processing');
  });

  it('lists tickets by status with their member, and shows one with its screenshots', async () => {
    const shot = await uploadPng(t, bob);
    const ticket = await openTicket(t, bob, { attachmentIds: [shot.id] });
    const processing = await call(t, t.admin, 'GET', '/api/v1/admin/tickets?limit=50');
    expect(processing.statusCode, processing.body).toBe(200);
    const row = processing.json().tickets.find((x: Ticket) => x.id === ticket.id);
    expect(row).toMatchObject({ status: 'processing', memberUid: bob.profile.uid });
    const detail = await call(t, t.admin, 'GET', `/api/v1/admin/tickets/${ticket.id}`);
    expect(detail.json()).toMatchObject({ memberUid: bob.profile.uid, memberEmail: bob.email, attachments: [{ id: shot.id }] });
    await close(ticket.id);
    const completed = await call(t, t.admin, 'GET', '/api/v1/admin/tickets?status=completed&limit=50');
    expect(completed.json().tickets.map((x: Ticket) => x.id)).toContain(ticket.id);
    const stillOpen = await call(t, t.admin, 'GET', '/api/v1/admin/tickets?limit=50');
    expect(stillOpen.json().tickets.map((x: Ticket) => x.id)).not.toContain(ticket.id);
    expect((await call(t, t.admin, 'GET', `/api/v1/admin/tickets/${randomUUID()}`)).json().error.code).toBe('TICKET_NOT_FOUND');
  });

  it('replies with a notification and an audit entry in the same commit, and tells the member’s screens', async () => {
    const ticket = await openTicket(t, alice);
    const aliceId = await userIdOf(t, alice);
    const changes: Change[] = [];
    const stop = onChange((change) => changes.push(change));
    try {
      const res = await operatorReply(ticket.id, '  Your deposit was credited.  ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().messages.at(-1)).toMatchObject({ author: 'operator', body: 'Your deposit was credited.' });
      expect(changes).toContainEqual({ topic: 'tickets', userIds: [aliceId] });
    } finally {
      stop();
    }
    const db = t.database.handle.db;
    const notes = await db
      .selectFrom('notifications')
      .select(['code', 'params', 'ref_kind', 'ref_id'])
      .where('user_id', '=', aliceId)
      .where('ref_id', '=', ticket.id)
      .execute();
    expect(notes).toEqual([{ code: 'ticket_answered', params: { number: ticket.number }, ref_kind: 'ticket', ref_id: ticket.id }]);
    const audit = await db
      .selectFrom('operator_audit')
      .select(['operator_id', 'api_key_id', 'action', 'object'])
      .where('object', '=', `ticket:${ticket.id}`)
      .execute();
    expect(audit).toEqual([
      { operator_id: t.admin.id, api_key_id: expect.any(String), action: 'ticket.reply', object: `ticket:${ticket.id}` },
    ]);

    const seen: Change[] = [];
    const stop2 = onChange((change) => seen.push(change));
    try {
      const closed = await close(ticket.id);
      expect(closed.json()).toMatchObject({ status: 'completed' });
      expect(closed.json().completedAt).not.toBeNull();
      expect(seen).toContainEqual({ topic: 'tickets', userIds: [aliceId] });
    } finally {
      stop2();
    }
    const actions = await db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `ticket:${ticket.id}`)
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['ticket.reply', 'ticket.close']);
    // Closing is no notification of its own; only answers are.
    expect(await db.selectFrom('notifications').select('id').where('ref_id', '=', ticket.id).execute()).toHaveLength(1);
  });

  it('writes nothing when the reply is refused', async () => {
    const ticket = await openTicket(t, alice);
    const empty = await operatorReply(ticket.id, '  ');
    expect(errorCode(empty)).toBe('TICKET_MESSAGE_LENGTH');
    const missing = await operatorReply(randomUUID(), 'hello');
    expect(missing.json().error.code).toBe('TICKET_NOT_FOUND');
    const db = t.database.handle.db;
    expect(await db.selectFrom('operator_audit').select('seq').where('object', '=', `ticket:${ticket.id}`).execute()).toEqual([]);
    expect(await db.selectFrom('notifications').select('id').where('ref_id', '=', ticket.id).execute()).toEqual([]);
  });
});
