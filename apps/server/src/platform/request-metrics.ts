import type { Metric, Registry } from 'prom-client';

/** Upper bounds of the request-duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export const REQUESTS_METRIC = { name: 'http_requests_total', help: 'HTTP requests served' } as const;
export const DURATION_METRIC = { name: 'http_request_duration_seconds', help: 'HTTP request duration in seconds' } as const;

type Labels = {
  method: string;
  route: string;
  status_code: string;
};

interface Series {
  labels: Labels;
  /** Requests per bucket, not cumulative; the last one is above every bound (+Inf). */
  buckets: number[];
  sum: number;
  count: number;
}

/** One line of prom-client's exposition: a value, its own labels and those of its series. */
interface Value {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  metricName?: string;
}

/**
 * Requests by method, route and status: how many, and how long they took. An observation adds to
 * plain numbers under one string key; /metrics turns them into Prometheus' counter and histogram,
 * line for line what prom-client's Counter and Histogram write (request-metrics.test.ts compares
 * them). Those hash their labels on every observation, children too, which was 3 % of the server's
 * CPU on a cached read (ADR 0030).
 */
export class RequestMetrics {
  readonly #series = new Map<string, Series>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        buckets: new Array(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
    series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
    series.sum += seconds;
    series.count++;
  }

  /** Adds the counter and the histogram to `registry`, read from this object when it is scraped. */
  register(registry: Registry): void {
    registry.registerMetric(this.#metric(REQUESTS_METRIC, 'counter', () => this.#counts()));
    registry.registerMetric(this.#metric(DURATION_METRIC, 'histogram', () => this.#durations()));
  }

  #metric(about: { name: string; help: string }, type: 'counter' | 'histogram', values: () => Value[]): Metric {
    const metric = {
      ...about,
      type,
      aggregator: 'sum',
      get: async () => ({ ...about, type, aggregator: 'sum', values: values() }),
      reset: () => this.#series.clear(),
    };
    // The registry reads a metric through get() (its name, help, type and values); prom-client's type
    // lists only its own classes.
    return metric as unknown as Metric;
  }

  #counts(): Value[] {
    return [...this.#series.values()].map((series) => ({ value: series.count, labels: series.labels }));
  }

  #durations(): Value[] {
    const values: Value[] = [];
    const bucketName = `${DURATION_METRIC.name}_bucket`;
    for (const series of this.#series.values()) {
      let below = 0;
      DURATION_BUCKETS.forEach((bound, i) => {
        below += series.buckets[i] as number;
        values.push({ labels: { le: bound }, sharedLabels: series.labels, value: below, metricName: bucketName });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: bucketName },
        { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${DURATION_METRIC.name}_sum` },
        { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${DURATION_METRIC.name}_count` },
      );
    }
    return values;
  }
}
