import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, DURATION_METRIC, REQUESTS_METRIC, RequestMetrics } from './request-metrics';

const observation: fc.Arbitrary<Observation> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  route: fc.constantFrom('/api/v1/wallet/balances', '/api/v1/cards/:id', 'unmatched', '/a "quoted" \\ route'),
  statusCode: fc.constantFrom(200, 201, 404, 422, 500),
  seconds: fc.oneof(fc.constantFrom(0, ...DURATION_BUCKETS, 11), fc.double({ min: 0, max: 20, noNaN: true })),
});

interface Observation {
  method: string;
  route: string;
  statusCode: number;
  seconds: number;
}

/** The exposition prom-client's own Counter and Histogram write for the same requests. */
async function withPromClient(observations: Observation[]) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const counter = new Counter({ ...REQUESTS_METRIC, labelNames, registers: [registry] });
  const histogram = new Histogram({ ...DURATION_METRIC, labelNames, buckets: [...DURATION_BUCKETS], registers: [registry] });
  for (const { method, route, statusCode, seconds } of observations) {
    const labels = { method, route, status_code: String(statusCode) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry.metrics();
}

async function withOurs(observations: Observation[]) {
  const registry = new Registry();
  const metrics = new RequestMetrics();
  metrics.register(registry);
  for (const { method, route, statusCode, seconds } of observations) metrics.observe(method, route, statusCode, seconds);
  return { registry, text: await registry.metrics() };
}

describe('request metrics', () => {
  it("are written line for line as prom-client's Counter and Histogram write them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const ours = await withOurs(observations);
        expect(ours.text).toBe(await withPromClient(observations));
      }),
      { numRuns: 200 },
    );
  });

  it('count a request once, in the first bucket its time fits, and start again when reset', async () => {
    const { registry, text } = await withOurs([
      { method: 'GET', route: '/r', statusCode: 200, seconds: 0.01 },
      { method: 'GET', route: '/r', statusCode: 200, seconds: 0.3 },
    ]);
    expect(text).toContain('http_requests_total{method="GET",route="/r",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/r",status_code="200"} 0');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.01",method="GET",route="/r",status_code="200"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.5",method="GET",route="/r",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_sum{method="GET",route="/r",status_code="200"} 0.31');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route="/r"');
  });
});
