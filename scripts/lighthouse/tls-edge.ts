import http from 'node:http';
import http2 from 'node:http2';
import { withoutHopByHop } from '../bench/hop-by-hop';
import { serviceReady } from '../bench/service';

/**
 * The HTTPS edge Lighthouse loads the app through (node:http2, in its own process): TLS with HTTP/2,
 * as the proxy or CDN in front of a deployment serves a phone, forwarding each request to the server
 * over kept-alive HTTP/1.1 with the client's address and scheme in X-Forwarded-For and
 * X-Forwarded-Proto. Over plain HTTP/1.1 a browser opens six connections to a host and every further
 * request waits for one; over HTTP/2 all of a page's files share one connection (ADR 0018).
 */
export interface TlsEdgeInput {
  /** http://127.0.0.1:port of the server. */
  upstream: string;
  /** PEM. */
  key: string;
  cert: string;
}

process.once('message', ({ upstream, key, cert }: TlsEdgeInput) => {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = withoutHopByHop(req.headers);
    headers.host = req.headers[':authority'] ?? req.headers.host;
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'https';
    const forwarded = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      if (res.headersSent) res.destroy(error);
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`the server did not answer: ${error.message}`);
    });
    req.pipe(forwarded);
  });
  process.once('SIGTERM', () => {
    server.close();
    process.exit(0);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    serviceReady(typeof address === 'object' && address ? address.port : 0);
  });
});
