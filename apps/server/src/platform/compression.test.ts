import * as zlib from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';
import { cachingSerializerCompiler, markShared } from './shared-replies';

// Counts this module's compressions only: @fastify/compress requires node:zlib itself.
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, brotliCompressSync: vi.fn(actual.brotliCompressSync), gzipSync: vi.fn(actual.gzipSync) };
});

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
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('compressed replies', () => {
  it('compresses a cached reply once per encoding and sends the same bytes after', async () => {
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
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await get('/cached', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(json);
    await get('/cached', 'x-gzip');
    expect(zlib.brotliCompressSync).toHaveBeenCalledTimes(1);
    expect(zlib.gzipSync).toHaveBeenCalledTimes(1);
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

  it('adds to the Vary a route set, and leaves other replies to @fastify/compress', async () => {
    const varies = await get('/cached-varies', 'br');
    expect(varies.headers.vary).toBe('origin, accept-encoding');
    const calls = vi.mocked(zlib.brotliCompressSync).mock.calls.length;
    const fresh = await get('/fresh', 'br');
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(fresh.rawPayload).toString())).toEqual(rows(40));
    expect(vi.mocked(zlib.brotliCompressSync).mock.calls.length).toBe(calls);
  });
});
