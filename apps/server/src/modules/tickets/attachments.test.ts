import { randomUUID } from 'node:crypto';
import { ERRORS, TICKET_LIMITS } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, registerUser } from '../../../test/accounts';
import { GIF_BYTES, JPEG_BYTES, solidPng } from '../../../test/images';
import { testOperator } from '../../../test/operators';
import { call, createTicketWorld, openTicket, type TicketWorld, ticketBody, upload, uploadPng, userIdOf } from '../../../test/tickets';

/** Screenshots: checked by content and size, kept private, shown to their owner and operators only, and cleaned up. */
let t: TicketWorld;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTicketWorld();
  alice = await registerUser(t);
  bob = await registerUser(t);
});
afterAll(() => t?.close());

const MAX = TICKET_LIMITS.attachmentMaxBytes;
/** A PNG padded to exactly `size` bytes: still a PNG by its content. */
const pngOfSize = (size: number) => {
  const png = solidPng(8, 8);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
};

describe('uploading a screenshot', () => {
  it('keeps a PNG, a JPEG and a WebP with the type read from their bytes, not the declared one', async () => {
    const png = await upload(t, alice, solidPng(12, 12), { type: 'application/octet-stream', filename: 'a.bin' });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toMatchObject({ contentType: 'image/png', size: solidPng(12, 12).length });
    const jpeg = await upload(t, alice, JPEG_BYTES, { type: 'image/png', filename: 'b.png' });
    expect(jpeg.json().contentType).toBe('image/jpeg');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(18)]);
    expect((await upload(t, alice, webp, { type: 'image/webp', filename: 'c.webp' })).json().contentType).toBe('image/webp');
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever it claims to be', async () => {
    const disguised = [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      GIF_BYTES,
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
    ];
    for (const bytes of disguised) {
      const res = await upload(t, alice, bytes, { type: 'image/png', filename: 'screenshot.png' }, 'ja');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'TICKET_ATTACHMENT_TYPE', message: ERRORS.TICKET_ATTACHMENT_TYPE.message.ja });
    }
  });

  it('takes 2 MB and refuses a byte more', async () => {
    const exact = await upload(t, alice, pngOfSize(MAX));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().size).toBe(MAX);
    const over = await upload(t, alice, pngOfSize(MAX + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('TICKET_ATTACHMENT_TOO_LARGE');
  });

  it('refuses a request without a file, with an empty file, or with two files', async () => {
    const json = await call(t, alice, 'POST', '/api/v1/tickets/attachments', { file: 'x' });
    expect(json.json().error.code).toBe('TICKET_ATTACHMENT_MISSING');
    const empty = await upload(t, alice, Buffer.alloc(0));
    expect(empty.json().error.code).toBe('TICKET_ATTACHMENT_MISSING');
    const boundary = 'two-files-boundary';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const png = solidPng(4, 4);
    const payload = Buffer.concat([
      Buffer.from(part('a.png')),
      png,
      Buffer.from('\r\n'),
      Buffer.from(part('b.png')),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/attachments',
      headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    // One upload per request: the first file is kept, the second is never read.
    expect(two.statusCode, two.body).toBe(200);
    const stored = await t.database.handle.db
      .selectFrom('ticket_attachments')
      .select('size')
      .where('user_id', '=', await userIdOf(t, alice))
      .where('size', '=', png.length)
      .execute();
    expect(stored).toHaveLength(1);
    expect((await call(t, null, 'POST', '/api/v1/tickets/attachments')).statusCode).toBe(401);
  });

  it(`allows ${TICKET_LIMITS.uploadsPerHour} uploads an hour per member`, async () => {
    const carol = await registerUser(t);
    const png = solidPng(4, 4);
    for (let i = 0; i < TICKET_LIMITS.uploadsPerHour; i += 1) expect((await upload(t, carol, png)).statusCode).toBe(200);
    const refused = await upload(t, carol, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TICKET_UPLOADS_TOO_MANY');
    expect((await upload(t, bob, png)).statusCode).toBe(200);
    t.clock.advance(3601);
    expect((await upload(t, carol, png)).statusCode).toBe(200);
  });

  it('deletes uploads never attached after a day; attached ones stay', async () => {
    const db = t.database.handle.db;
    const dave = await registerUser(t);
    const kept = await uploadPng(t, dave);
    const dropped = await uploadPng(t, dave);
    await openTicket(t, dave, { attachmentIds: [kept.id] });
    t.clock.advance(TICKET_LIMITS.unattachedHours * 3600 + 1);
    // Too old to attach even before the cleanup has run.
    const late = await call(t, dave, 'POST', '/api/v1/tickets', ticketBody({ attachmentIds: [dropped.id] }), {
      'idempotency-key': randomUUID(),
    });
    expect(late.json().error.code).toBe('TICKET_ATTACHMENT_UNAVAILABLE');
    await uploadPng(t, bob);
    const left = await db.selectFrom('ticket_attachments').select('id').where('id', 'in', [kept.id, dropped.id]).execute();
    expect(left.map((row) => row.id)).toEqual([kept.id]);
  });
});

describe('reading a screenshot', () => {
  it('serves it privately to its owner, with its stored type, not sniffable, shown inline', async () => {
    const png = solidPng(10, 10);
    const uploaded = (await upload(t, alice, png, { type: 'image/jpeg', filename: 'x.jpg' })).json();
    const ticket = await openTicket(t, alice, { attachmentIds: [uploaded.id] });
    const res = await call(t, alice, 'GET', `/api/v1/tickets/attachments/${ticket.attachments[0]?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('is "not found" to another member, attached or not, and needs a session', async () => {
    const loose = await uploadPng(t, alice);
    const attachedTo = await openTicket(t, alice, { attachmentIds: [(await uploadPng(t, alice)).id] });
    for (const id of [loose.id, attachedTo.attachments[0]?.id, randomUUID()]) {
      const res = await call(t, bob, 'GET', `/api/v1/tickets/attachments/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TICKET_ATTACHMENT_NOT_FOUND');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await call(t, null, 'GET', `/api/v1/tickets/attachments/${loose.id}`)).statusCode).toBe(401);
  });

  it('is shown to operators once it belongs to a ticket, and to nobody else through the desk', async () => {
    const loose = await uploadPng(t, alice);
    const ticket = await openTicket(t, alice, { attachmentIds: [(await uploadPng(t, alice)).id] });
    const id = ticket.attachments[0]?.id ?? '';
    const res = await call(t, t.admin, 'GET', `/api/v1/admin/tickets/attachments/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect((await call(t, t.admin, 'GET', `/api/v1/admin/tickets/attachments/${loose.id}`)).statusCode).toBe(404);
    expect((await call(t, alice, 'GET', `/api/v1/admin/tickets/attachments/${id}`)).json().error.code).toBe('OPERATOR_SIGN_IN_REQUIRED');
    const finance = await testOperator(t, ['finance']);
    expect((await call(t, finance, 'GET', `/api/v1/admin/tickets/attachments/${id}`)).json().error.code).toBe('FORBIDDEN');
  });
});
