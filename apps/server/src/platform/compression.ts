import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isShared } from './shared-replies';
import { varyWith } from './vary';

/** Replies shorter than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';
/** In the order of preference, for @fastify/compress and for the cached replies alike. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const COMPRESSORS: Record<Encoding, (json: string) => Buffer> = {
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (json) => gzipSync(json, { level: GZIP_LEVEL }),
};

declare module 'fastify' {
  interface FastifyReply {
    /** The read caches' value this reply sends, if it sends one (see sharedReplyCompression). */
    sharedValue: object | null;
  }
}

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
    encodings: ENCODINGS,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  sharedReplyCompression(app);
}

/** A cached value's JSON as last sent, and its compressed forms made from that JSON (none when it is short). */
interface Forms {
  json: string;
  encoded: Partial<Record<Encoding, Buffer>> | null;
}

const formsOf = new WeakMap<object, Forms>();

/**
 * A reply served from the read caches is compressed once per encoding, as its JSON is written once
 * (shared-replies.ts): a browser asks for brotli or gzip on every request, and compressing a page of
 * card transactions (brotli, 45 µs) cost a quarter of a cached read (issue 16). Its hooks run before
 * @fastify/compress's, which passes on a reply that has a Content-Encoding. The forms live as long
 * as the cached value; one value sent by routes that write it differently keeps the last JSON's.
 */
function sharedReplyCompression(app: FastifyInstance): void {
  app.decorateReply('sharedValue', null);
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (isShared(payload)) reply.sharedValue = payload;
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const value = reply.sharedValue;
    if (value === null || typeof payload !== 'string') return done(null, payload);
    let forms = formsOf.get(value);
    if (forms?.json !== payload) {
      forms = { json: payload, encoded: Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES ? null : {} };
      formsOf.set(value, forms);
    }
    if (!forms.encoded) return done(null, payload);
    const encoding = acceptedEncoding(request);
    if (!encoding) return done(null, payload);
    let encoded = forms.encoded[encoding];
    if (!encoded) {
      encoded = COMPRESSORS[encoding](payload);
      forms.encoded[encoding] = encoded;
    }
    markCompressed(reply, encoding, encoded.length);
    done(null, encoded);
  });
}

/** The encoding picked for each Accept-Encoding heard lately: a browser sends the same one on every request. */
const picked = new Map<string, Encoding | null>();
const PICKED_HEADERS = 64;

/** As @fastify/compress negotiates: `*` and x-gzip stand for gzip, and x-no-compression turns it off. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  let encoding = picked.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
    // Headers are few in practice; a client sending a new one on every request only refills this.
    if (picked.size >= PICKED_HEADERS) picked.clear();
    picked.set(header, encoding);
  }
  return encoding;
}

function markCompressed(reply: FastifyReply, encoding: Encoding, length: number): void {
  reply.header('vary', varyWith(reply.getHeader('vary'), 'accept-encoding'));
  reply.header('content-encoding', encoding);
  reply.header('content-length', length);
}
