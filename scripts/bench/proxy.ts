import http from 'node:http';
import { withoutHopByHop } from './hop-by-hop';
import { roundRobin } from './pick';
import { serviceReady, UPSTREAM_HEADER } from './service';

/**
 * A small round-robin HTTP proxy (node:http), in its own process, in front of the whole-app load
 * test's servers as a load balancer is in front of a deployment: each request goes to the next
 * upstream in turn, over kept-alive connections, bodies streamed both ways. Each answer says which
 * upstream gave it (x-bench-upstream, its index), so the load can tell where a read was served.
 * A message `{ stats: true }` is answered with the requests sent to each upstream and the failures.
 */
export interface ProxyInput {
  /** http://127.0.0.1:port of each server. */
  upstreams: string[];
}

export interface ProxyStats {
  perUpstream: number[];
  /** Requests no upstream answered (connection refused or reset): answered 502 here. */
  failed: number;
}

process.once('message', ({ upstreams }: ProxyInput) => {
  const targets = upstreams.map((base, index) => ({
    index,
    url: new URL(base),
    agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
  }));
  const next = roundRobin(targets);
  const stats: ProxyStats = { perUpstream: targets.map(() => 0), failed: 0 };

  const server = http.createServer((req, res) => {
    const target = next();
    stats.perUpstream[target.index] = (stats.perUpstream[target.index] ?? 0) + 1;
    const headers = withoutHopByHop(req.headers);
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      { host: target.url.hostname, port: target.url.port, method: req.method, path: req.url, headers, agent: target.agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...withoutHopByHop(answer.headers), [UPSTREAM_HEADER]: String(target.index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      stats.failed += 1;
      if (res.headersSent) res.destroy(error);
      else
        res
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: error.message } }));
    });
    req.pipe(upstream);
  });
  // Longer than the clients' idle time, as a load balancer's: connections are reused, not raced.
  server.keepAliveTimeout = 65_000;
  process.on('message', () => process.send?.(stats));
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    serviceReady(typeof address === 'object' && address ? address.port : 0);
  });
});
