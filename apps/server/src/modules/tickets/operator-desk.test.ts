import { randomUUID } from 'node:crypto';
import type { AdminTicket } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { GIF_BYTES, solidPng } from '../../../test/images';
import { type TestOperator, testOperator } from '../../../test/operators';
import { call, multipart, openTicket, uploadPng } from '../../../test/tickets';

/** The console's ticket desk: "assign to me", and replies with screenshots the member sees. */
let t: TestApp;
const clock = new ManualClock();
let alice: Member;
let bob: Member;
let ann: TestOperator;
let ben: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await registerUser(t);
  bob = await registerUser(t);
  ann = await testOperator(t, ['support']);
  ben = await testOperator(t, ['support']);
});
afterAll(() => t?.close());

const desk = (who: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const assign = (who: TestOperator, id: string) => desk(who, 'POST', `/api/v1/admin/tickets/${id}/assign`);
const idsOf = (res: { json(): { tickets: Array<{ id: string }> } }) => res.json().tickets.map((ticket) => ticket.id);
const auditOf = (action: string, object: string) =>
  t.database.handle.db
    .selectFrom('operator_audit')
    .select(['operator_id', 'before', 'after'])
    .where('action', '=', action)
    .where('object', '=', object)
    .orderBy('seq')
    .execute();

function operatorUpload(who: TestOperator, ticketId: string, bytes: Buffer) {
  const body = multipart(bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/tickets/${ticketId}/attachments`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('assign to me', () => {
  it('takes a ticket, also from another operator, each change audited with who had it before', async () => {
    const ticket = await openTicket(t, alice);
    const fresh = await desk(ann, 'GET', `/api/v1/admin/tickets/${ticket.id}`);
    expect(fresh.json().assignedTo).toBeNull();

    const mine = await assign(ann, ticket.id);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as AdminTicket).assignedTo).toEqual({ id: ann.id, email: ann.email });
    // Taking it again changes nothing and writes no second entry.
    expect((await assign(ann, ticket.id)).json().assignedTo.id).toBe(ann.id);

    const taken = await assign(ben, ticket.id);
    expect(taken.json().assignedTo).toEqual({ id: ben.id, email: ben.email });
    expect(await auditOf('ticket.assign', `ticket:${ticket.id}`)).toEqual([
      {
        operator_id: ann.id,
        before: { number: ticket.number, assignedTo: null },
        after: { number: ticket.number, assignedTo: { id: ann.id, email: ann.email } },
      },
      {
        operator_id: ben.id,
        before: { number: ticket.number, assignedTo: { id: ann.id, email: ann.email } },
        after: { number: ticket.number, assignedTo: { id: ben.id, email: ben.email } },
      },
    ]);
  });

  it('filters the queue by mine and by nobody’s, and shows who has each ticket', async () => {
    const annOwn = await openTicket(t, alice);
    const nobodys = await openTicket(t, bob);
    await assign(ann, annOwn.id);
    const list = await desk(ann, 'GET', '/api/v1/admin/tickets?limit=50');
    expect(list.statusCode, list.body).toBe(200);
    const row = (id: string) => list.json().tickets.find((ticket: { id: string }) => ticket.id === id);
    expect(row(annOwn.id).assignedTo).toEqual({ id: ann.id, email: ann.email });
    expect(row(nobodys.id).assignedTo).toBeNull();

    const mine = await desk(ann, 'GET', '/api/v1/admin/tickets?assigned=me&limit=50');
    expect(idsOf(mine)).toContain(annOwn.id);
    expect(mine.json().tickets.every((ticket: AdminTicket) => ticket.assignedTo?.id === ann.id)).toBe(true);
    expect(idsOf(await desk(ben, 'GET', '/api/v1/admin/tickets?assigned=me&limit=50'))).not.toContain(annOwn.id);
    const none = await desk(ann, 'GET', '/api/v1/admin/tickets?assigned=none&limit=50');
    expect(idsOf(none)).toContain(nobodys.id);
    expect(idsOf(none)).not.toContain(annOwn.id);
    expect((await desk(ann, 'GET', '/api/v1/admin/tickets?assigned=someone')).statusCode).toBe(400);
  });

  it('is refused for a completed or unknown ticket, and to an operator without tickets.reply, changing nothing', async () => {
    const ticket = await openTicket(t, alice);
    const auditor = await testOperator(t, ['auditor']);
    expect((await assign(auditor, ticket.id)).statusCode).toBe(403);
    expect((await desk(ann, 'GET', `/api/v1/admin/tickets/${ticket.id}`)).json().assignedTo).toBeNull();
    expect(await auditOf('ticket.assign', `ticket:${ticket.id}`)).toEqual([]);

    expect((await desk(ann, 'POST', `/api/v1/admin/tickets/${ticket.id}/close`)).statusCode).toBe(200);
    expect((await assign(ann, ticket.id)).json().error.code).toBe('TICKET_COMPLETED');
    expect((await assign(ann, randomUUID())).json().error.code).toBe('TICKET_NOT_FOUND');
  });
});

describe('a reply with screenshots', () => {
  it('reaches the member, who reads the operator’s screenshots of their own ticket and nobody else does', async () => {
    const ticket = await openTicket(t, alice);
    const uploaded = await operatorUpload(ann, ticket.id, solidPng(20, 20));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const shot = uploaded.json() as { id: string; contentType: string };
    expect(shot.contentType).toBe('image/png');

    // Not yet sent: only its operator sees it; the member does not.
    expect((await desk(ann, 'GET', `/api/v1/admin/tickets/attachments/${shot.id}`)).statusCode).toBe(200);
    expect((await desk(ben, 'GET', `/api/v1/admin/tickets/attachments/${shot.id}`)).statusCode).toBe(404);
    expect((await call(t, alice, 'GET', `/api/v1/tickets/attachments/${shot.id}`)).statusCode).toBe(404);

    const reply = await desk(ann, 'POST', `/api/v1/admin/tickets/${ticket.id}/messages`, {
      body: 'Here is where to find it.',
      attachmentIds: [shot.id],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().messages.at(-1)).toMatchObject({ author: 'operator', attachments: [{ id: shot.id, contentType: 'image/png' }] });

    const seen = await call(t, alice, 'GET', `/api/v1/tickets/${ticket.id}`);
    expect(seen.json().messages.at(-1).attachments).toEqual([{ id: shot.id, contentType: 'image/png', size: solidPng(20, 20).length }]);
    const bytes = await call(t, alice, 'GET', `/api/v1/tickets/attachments/${shot.id}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(Buffer.from(bytes.rawPayload).equals(solidPng(20, 20))).toBe(true);
    expect((await call(t, bob, 'GET', `/api/v1/tickets/attachments/${shot.id}`)).statusCode).toBe(404);
    expect((await desk(ben, 'GET', `/api/v1/admin/tickets/attachments/${shot.id}`)).statusCode).toBe(200);

    const upload = await auditOf('ticket.attachment.upload', `ticket:${ticket.id}`);
    expect(upload).toEqual([expect.objectContaining({ operator_id: ann.id, after: expect.objectContaining({ attachmentId: shot.id }) })]);
    const replied = await auditOf('ticket.reply', `ticket:${ticket.id}`);
    expect(replied.at(-1)?.after).toMatchObject({ attachmentIds: [shot.id] });
  });

  it('takes only the operator’s own unsent uploads, at most 4, and leaves nothing written when refused', async () => {
    const ticket = await openTicket(t, alice);
    const annShot = (await operatorUpload(ann, ticket.id, solidPng(8, 8))).json().id as string;
    const memberShot = (await uploadPng(t, alice)).id;
    const reply = (who: TestOperator, attachmentIds: string[]) =>
      desk(who, 'POST', `/api/v1/admin/tickets/${ticket.id}/messages`, { body: 'See the picture.', attachmentIds });
    expect((await reply(ben, [annShot])).json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    expect((await reply(ann, [memberShot])).json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    expect((await reply(ann, [annShot, randomUUID()])).json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    expect(
      (
        await reply(
          ann,
          Array.from({ length: 5 }, () => randomUUID()),
        )
      ).statusCode,
    ).toBe(400);
    const thread = await call(t, alice, 'GET', `/api/v1/tickets/${ticket.id}`);
    expect(thread.json().messages).toEqual([]);
    expect(await auditOf('ticket.reply', `ticket:${ticket.id}`)).toEqual([]);
    // Still unattached, so it can go with the next reply.
    expect((await reply(ann, [annShot])).statusCode).toBe(200);
  });

  it('checks an operator’s upload as a member’s: an image by its bytes, a processing ticket, tickets.reply', async () => {
    const ticket = await openTicket(t, alice);
    const gif = await operatorUpload(ann, ticket.id, GIF_BYTES);
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.code).toBe('TICKET_ATTACHMENT_TYPE');
    expect((await operatorUpload(ann, randomUUID(), solidPng(4, 4))).json().error.code).toBe('TICKET_NOT_FOUND');
    expect((await operatorUpload(await testOperator(t, ['auditor']), ticket.id, solidPng(4, 4))).statusCode).toBe(403);
    await desk(ann, 'POST', `/api/v1/admin/tickets/${ticket.id}/close`);
    expect((await operatorUpload(ann, ticket.id, solidPng(4, 4))).json().error.code).toBe('TICKET_COMPLETED');
    expect(await auditOf('ticket.attachment.upload', `ticket:${ticket.id}`)).toEqual([]);
  });
});
