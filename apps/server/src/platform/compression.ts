import { pipeline, type Readable } from 'node:stream';
import {
  type BrotliOptions,
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type ZlibOptions,
} from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compressible from 'compressible';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isShared } from './shared-replies';
import { varyWith } from './vary';

/** Replies shorter than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Replies longer than this are compressed on libuv's pool, not on the thread that answers requests. */
export const COMPRESS_SYNC_LIMIT_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip';
/** In the order of preference. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP: ZlibOptions = { level: 6 };

type Compressed = (error: Error | null, encoded: Buffer) => void;
/** An onSend hook's callback: the payload to send, or the error that ends the reply. */
type OnSendDone = (error: Error | null, payload?: unknown) => void;

const COMPRESS: Record<
  Encoding,
  { sync(body: string | Buffer): Buffer; async(body: string | Buffer, done: Compressed): void; stream(): NodeJS.ReadWriteStream }
> = {
  br: {
    sync: (body) => brotliCompressSync(body, BROTLI),
    async: (body, done) => brotliCompress(body, BROTLI, done),
    stream: () => createBrotliCompress(BROTLI),
  },
  gzip: {
    sync: (body) => gzipSync(body, GZIP),
    async: (body, done) => gzip(body, GZIP, done),
    stream: () => createGzip(GZIP),
  },
};

declare module 'fastify' {
  interface FastifyReply {
    /** The read caches' value this reply sends, if it sends one (its compressed forms are kept). */
    sharedValue: object | null;
  }
}

/**
 * Compresses replies of a compressible type (JSON, text, scripts; never an event stream) with brotli,
 * else gzip, by Accept-Encoding: bodies from the threshold up, and streams (a statement's CSV, the
 * API docs' files). Replies are made per request, so brotli runs at quality 4: near gzip's speed,
 * smaller output; the maximum (11) costs tens of milliseconds a reply. The web app's files are
 * compressed once at build (apps/web/build/compression.ts) and arrive here with their encoding set.
 * Request bodies are never inflated: no client sends them compressed, and a small compressed body
 * can unpack to a huge one.
 *
 * One onSend hook, written here rather than @fastify/compress: the plugin added two hooks to every
 * route and negotiated the encoding and the type anew on each reply, a share of every cached read
 * that is mostly too short to compress (ADR 0031). Registered before every route, as hooks apply
 * to routes added after them.
 */
export function registerCompression(app: FastifyInstance): void {
  app.decorateReply('sharedValue', null);
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (isShared(payload)) reply.sharedValue = payload;
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.sharedValue !== null && typeof payload === 'string') return sendShared(request, reply, reply.sharedValue, payload, done);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) return sendBody(request, reply, payload, done);
    if (isStream(payload) && !knownShort(reply)) {
      const encoding = encodingFor(request, reply);
      return done(null, encoding ? compressStream(reply, payload, encoding) : payload);
    }
    done(null, payload);
  });
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
 * card transactions (brotli, 45 µs) cost a quarter of a cached read (ADR 0031). The forms live as
 * long as the cached value; one value sent by routes that write it differently keeps the last JSON's.
 */
function sendShared(request: FastifyRequest, reply: FastifyReply, value: object, json: string, done: OnSendDone) {
  let forms = formsOf.get(value);
  if (forms?.json !== json) {
    forms = { json, encoded: Buffer.byteLength(json) < COMPRESS_THRESHOLD_BYTES ? null : {} };
    formsOf.set(value, forms);
  }
  const encoding = forms.encoded ? encodingFor(request, reply) : null;
  if (!forms.encoded || !encoding) return done(null, json);
  let encoded = forms.encoded[encoding];
  if (!encoded) {
    encoded = COMPRESS[encoding].sync(json);
    forms.encoded[encoding] = encoded;
  }
  markCompressed(reply, encoding, encoded.length);
  done(null, encoded);
}

function sendBody(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, done: OnSendDone) {
  const length = Buffer.byteLength(body);
  const encoding = length < COMPRESS_THRESHOLD_BYTES ? null : encodingFor(request, reply);
  if (!encoding) return done(null, body);
  if (length <= COMPRESS_SYNC_LIMIT_BYTES) {
    const encoded = COMPRESS[encoding].sync(body);
    markCompressed(reply, encoding, encoded.length);
    return done(null, encoded);
  }
  COMPRESS[encoding].async(body, (error, encoded) => {
    if (error) return done(error);
    markCompressed(reply, encoding, encoded.length);
    done(null, encoded);
  });
}

function compressStream(reply: FastifyReply, body: Readable, encoding: Encoding): NodeJS.ReadWriteStream {
  const compressed = COMPRESS[encoding].stream();
  // A stream that fails midway has sent its headers already: the client sees the reply cut short. A
  // client that goes away (a premature close) is no fault of ours.
  pipeline(body, compressed, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      reply.log.warn({ err: error }, 'a compressed stream ended early');
  });
  markCompressed(reply, encoding, null);
  return compressed;
}

/** A stream whose length is known (a file) and under the threshold. */
function knownShort(reply: FastifyReply): boolean {
  const length = reply.getHeader('content-length');
  return length !== undefined && Number(length) < COMPRESS_THRESHOLD_BYTES;
}

function isStream(payload: unknown): payload is Readable {
  return payload !== null && typeof payload === 'object' && typeof (payload as Readable).pipe === 'function';
}

/** The encoding to send the reply in, or null to send it as it is. */
function encodingFor(request: FastifyRequest, reply: FastifyReply): Encoding | null {
  return mayCompress(request, reply) ? acceptedEncoding(request) : null;
}

/**
 * Whether the reply may be compressed at all: not one already encoded or a range of the plain bytes,
 * not one without a body, not a client that asked for none (x-no-compression), and of a type that
 * compression shrinks.
 */
function mayCompress(request: FastifyRequest, reply: FastifyReply): boolean {
  const status = reply.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return false;
  if (request.headers['x-no-compression'] !== undefined) return false;
  return compressibleType(reply.getHeader('content-type'));
}

/** Whether each content type seen lately compresses: a server sends few, the same on every reply. */
const typeCompresses = new Map<string, boolean>();
const REMEMBERED = 64;

function compressibleType(header: unknown): boolean {
  if (typeof header !== 'string') return false;
  let compresses = typeCompresses.get(header);
  if (compresses === undefined) {
    // An event stream must reach the client event by event; a compressor would hold them back.
    compresses = !/^text\/event-stream/iu.test(header) && compressible(header) === true;
    if (typeCompresses.size >= REMEMBERED) typeCompresses.clear();
    typeCompresses.set(header, compresses);
  }
  return compresses;
}

/** The encoding picked for each Accept-Encoding heard lately: a browser sends the same one on every request. */
const picked = new Map<string, Encoding | null>();

/** `*` and x-gzip stand for gzip; identity, or nothing we make, is none. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  let encoding = picked.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
    // Headers are few in practice; a client sending a new one on every request only refills this.
    if (picked.size >= REMEMBERED) picked.clear();
    picked.set(header, encoding);
  }
  return encoding;
}

/** `length` null for a stream, whose compressed length is known only at its end. */
function markCompressed(reply: FastifyReply, encoding: Encoding, length: number | null): void {
  reply.header('vary', varyWith(reply.getHeader('vary'), 'accept-encoding'));
  reply.header('content-encoding', encoding);
  if (length === null) reply.removeHeader('content-length');
  else reply.header('content-length', length);
}
