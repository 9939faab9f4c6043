import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics';

/**
 * Prometheus metrics at /metrics: request count and duration by route and status, database pool
 * usage, and the process defaults. Routes are labelled by their pattern, never the raw URL, so the
 * label set stays bounded.
 */
export function registerMetrics(app: FastifyInstance, pool: pg.Pool): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new RequestMetrics();
  requests.register(registry);
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
    if (route !== '/metrics') requests.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
