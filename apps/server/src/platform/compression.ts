import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies shorter than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API replies above the threshold (brotli, else gzip, by Accept-Encoding). Replies are
 * made per request, so brotli runs at quality 4: near gzip's speed, smaller output; the maximum
 * (11) costs tens of milliseconds a reply. The web app's files do not come through here: they are
 * compressed once at build (apps/web/build/compression.ts) and sent as they are. Registered before
 * every route, as its hook applies to routes added after it. Request bodies are never inflated:
 * no client sends them compressed, and a small compressed body can unpack to a huge one.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
