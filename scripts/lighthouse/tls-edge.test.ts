import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutHopByHop } from '../bench/hop-by-hop';
import { type Service, startService } from '../bench/service';
import { type EdgeCertificate, edgeCertificate } from './edge-certificate';
import type { TlsEdgeInput } from './tls-edge';

describe('withoutHopByHop', () => {
  it("drops a connection's own headers and HTTP/2's pseudo-headers, and keeps the rest", () => {
    expect(
      withoutHopByHop({
        ':path': '/x',
        ':authority': 'a',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        te: 'trailers',
        'content-type': 'text/plain',
        cookie: 'a=b',
      }),
    ).toEqual({ 'content-type': 'text/plain', cookie: 'a=b' });
  });
});

/** A request's answer on an HTTP/2 stream: its headers and its whole body. */
async function answer(stream: http2.ClientHttp2Stream) {
  const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once('response', resolve));
  let body = '';
  for await (const chunk of stream) body += chunk;
  return { headers, body };
}

describe('the TLS edge Lighthouse loads the app through', () => {
  let upstream: http.Server;
  let edge: Service;
  let certificate: EdgeCertificate;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'text/plain', connection: 'keep-alive', 'x-from': 'server' });
        res.end(`${req.method} ${req.url} ${body}`);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    certificate = await edgeCertificate();
    const port = (upstream.address() as AddressInfo).port;
    edge = await startService('../lighthouse/tls-edge.ts', { upstream: `http://127.0.0.1:${port}`, ...certificate } satisfies TlsEdgeInput);
  });
  afterAll(async () => {
    await edge?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('speaks HTTP/2 over TLS with its certificate and passes each request and answer on', async () => {
    const session = http2.connect(`https://127.0.0.1:${edge.port}`, { ca: certificate.cert });
    try {
      await new Promise((resolve) => session.once('connect', resolve));
      expect(session.alpnProtocol).toBe('h2');
      const stream = session.request({ ':method': 'POST', ':path': '/api/v1/thing?x=1', 'content-type': 'text/plain', cookie: 's=1' });
      stream.end('hello');
      const { headers, body } = await answer(stream);
      expect(headers[':status']).toBe(201);
      expect(headers['x-from']).toBe('server');
      expect(headers.connection).toBeUndefined();
      expect(body).toBe('POST /api/v1/thing?x=1 hello');
      const forwarded = seen.at(-1);
      expect(forwarded?.['x-forwarded-proto']).toBe('https');
      expect(forwarded?.['x-forwarded-for']).toBe('127.0.0.1');
      expect(forwarded?.host).toBe(`127.0.0.1:${edge.port}`);
      expect(forwarded?.cookie).toBe('s=1');
    } finally {
      session.close();
    }
  });

  it('answers 502 in a sentence when the server is gone', async () => {
    const gone = await startService('../lighthouse/tls-edge.ts', { upstream: 'http://127.0.0.1:1', ...certificate } satisfies TlsEdgeInput);
    const session = http2.connect(`https://127.0.0.1:${gone.port}`, { ca: certificate.cert });
    try {
      const stream = session.request({ ':path': '/' });
      stream.end();
      const { headers, body } = await answer(stream);
      expect(headers[':status']).toBe(502);
      expect(body).toContain('the server did not answer');
    } finally {
      session.close();
      await gone.stop();
    }
  });
});
