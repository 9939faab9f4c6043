import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import compressible from 'compressible';
import type { FastifyInstance } from 'fastify';

/** Replies shorter than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Replies longer than this are compressed as a stream on libuv's pool, not on the thread that answers requests. */
export const COMPRESS_SYNC_LIMIT_BYTES = 64 * 1024;

/** An event stream must reach the client event by event; a compressor would hold them back. */
const compressibleType = (type: string) => !/^text\/event-stream/iu.test(type) && compressible(type) === true;

/**
 * Compresses replies of a compressible type (JSON, text, scripts; never an event stream) with brotli,
 * else gzip, by Accept-Encoding (@fastify/compress). Replies are compressed per request, so brotli runs
 * at quality 1: a 5 KB page of records becomes 413 bytes in about 21 µs, against 295 bytes in 36 µs at
 * quality 4 (ADR 0033); the maximum (11) costs tens of milliseconds a reply.
 * The web app's files are compressed once at build (apps/web/build/compression.ts) and arrive here
 * with their encoding set. Request bodies are never inflated: no client sends them compressed, and a
 * small compressed body can unpack to a huge one. Registered before every route, as the plugin hooks
 * onto the routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_LIMIT_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 6 },
    customTypes: compressibleType,
    globalDecompression: false,
  });
}
