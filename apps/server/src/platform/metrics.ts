import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics at /metrics: request count and duration by route and status, database pool
 * usage, and the process defaults. Routes are labelled by their pattern, never the raw URL, so the
 * label set stays bounded.
 */
export function registerMetrics(app: FastifyInstance, pool: pg.Pool): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests served', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge('db_pool_connections_total', 'Connections open in the database pool', () => pool.totalCount);
  poolGauge('db_pool_connections_idle', 'Idle connections in the database pool', () => pool.idleCount);
  poolGauge('db_pool_clients_waiting', 'Queries waiting for a pool connection', () => pool.waitingCount);
  poolGauge('db_pool_connections_max', 'Pool size limit', () => pool.options.max ?? 10);

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
