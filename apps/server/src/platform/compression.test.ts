import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPRESS_SYNC_LIMIT_BYTES, COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';
import { cachingSerializerCompiler, markShared } from './shared-replies';

const rows = (n: number) => ({
  rows: Array.from({ length: n }, (_, i) => ({ id: String(i), merchant: `Shop number ${i}`, amount: '8.25' })),
});
const schema = z.object({ rows: z.array(z.object({ id: z.string(), merchant: z.string(), amount: z.string() })) });
const big = markShared(rows(40));
const small = markShared(rows(1));

const app = Fastify().withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(cachingSerializerCompiler);
  await registerCompression(app);
  const reply = { schema: { response: { 200: schema } } };
  app.get('/cached', reply, async () => big);
  app.get('/cached-small', reply, async () => small);
  app.get('/cached-varies', reply, async (_request, res) => {
    res.header('vary', 'origin');
    return big;
  });
  app.get('/fresh', reply, async () => rows(40));
  app.get('/huge', reply, async () => rows(4000));
  app.get('/csv', async (_request, res) => res.type('text/csv; charset=utf-8').send(Readable.from(csvLines())));
  app.get('/short-file', async (_request, res) =>
    res
      .type('text/css')
      .header('content-length', '14')
      .send(Readable.from(['body{margin:', '0}'])),
  );
  app.get('/image', async (_request, res) => res.type('image/png').send(Buffer.alloc(4096, 7)));
  app.get('/events', async (_request, res) => res.type('text/event-stream').send('data: x\n\n'.repeat(200)));
  app.get('/made-already', async (_request, res) =>
    res.type('application/json').header('content-encoding', 'gzip').send(zlib.gzipSync('{}')),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? headers : { ...headers, 'accept-encoding': encoding } });

function* csvLines() {
  for (let i = 0; i < 500; i++) yield `${i},Shop number ${i},8.25\n`;
}
const CSV = [...csvLines()].join('');

describe('compressed replies', () => {
  it('compresses a cached reply by the encoding asked for, with its length', async () => {
    const json = serializerCompiler({ schema, method: 'GET', url: '/cached', httpStatus: '200' })(big) as string;
    expect(Buffer.byteLength(json)).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const first = await get('/cached', 'gzip, deflate, br, zstd');
    const second = await get('/cached', 'br');
    for (const reply of [first, second]) {
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers.vary).toBe('accept-encoding');
      expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
      expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(json);
    }
    const gzip = await get('/cached', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(json);
    const alias = await get('/cached', 'x-gzip');
    expect(alias.headers['content-encoding']).toBe('gzip');
  });

  it('sends a cached reply as it is to a client that asks for no encoding, and a short one to anyone', async () => {
    const plain = await get('/cached');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const identity = await get('/cached', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const short = await get('/cached-small', 'br, gzip');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.json()).toEqual(small);
  });

  it('adds to the Vary a route set, and compresses other replies', async () => {
    const varies = await get('/cached-varies', 'br');
    expect(varies.headers.vary).toBe('origin, accept-encoding');
    for (const _ of [1, 2]) {
      const fresh = await get('/fresh', 'br');
      expect(fresh.headers['content-encoding']).toBe('br');
      expect(Number(fresh.headers['content-length'])).toBe(fresh.rawPayload.length);
      expect(JSON.parse(zlib.brotliDecompressSync(fresh.rawPayload).toString())).toEqual(rows(40));
    }
  });
});

describe('other replies', () => {
  it('compresses a body over the in-thread limit as a stream on the pool, with the same result', async () => {
    const huge = await get('/huge', 'gzip');
    expect(huge.headers['content-encoding']).toBe('gzip');
    const json = zlib.gunzipSync(huge.rawPayload).toString();
    expect(Buffer.byteLength(json)).toBeGreaterThan(COMPRESS_SYNC_LIMIT_BYTES);
    expect(JSON.parse(json)).toEqual(rows(4000));
    expect(huge.headers['content-length']).toBeUndefined();
  });

  it('compresses a stream of a text type as it goes, without a length', async () => {
    const csv = await get('/csv', 'br');
    expect(csv.headers['content-encoding']).toBe('br');
    expect(csv.headers['content-length']).toBeUndefined();
    expect(csv.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(csv.rawPayload).toString()).toBe(CSV);
    // @fastify/compress does not look at a stream's length: a short file is compressed too, and arrives whole.
    const short = await get('/short-file', 'br');
    expect(zlib.brotliDecompressSync(short.rawPayload).toString()).toBe('body{margin:0}');
    const plain = await get('/csv');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CSV);
  });

  it('leaves alone what compression does not shrink or must not hold back, and what is encoded already', async () => {
    const image = await get('/image', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
    const events = await get('/events', 'br, gzip');
    expect(events.headers['content-encoding']).toBeUndefined();
    const made = await get('/made-already', 'br, gzip');
    expect(made.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(made.rawPayload).toString()).toBe('{}');
  });

  it('sends nothing compressed to a client that says x-no-compression, or accepts no encoding we make', async () => {
    const refused = await get('/fresh', 'br, gzip', { 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(rows(40));
    const other = await get('/fresh', 'zstd, deflate');
    expect(other.headers['content-encoding']).toBeUndefined();
    const star = await get('/fresh', '*');
    expect(star.headers['content-encoding']).toBe('gzip');
  });
});
