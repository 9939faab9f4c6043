import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../../platform/db/database';
import { latestRunFailed, openBreaksBySource } from './counts';

/**
 * The books' alerts for Prometheus, read from the database at each scrape: every API process then
 * reports the same figures, whichever ran the reconciliation.
 */
export function registerReconMetrics(registry: Registry, db: Db): void {
  new Gauge({
    name: 'recon_breaks_open',
    help: 'Reconciliation breaks open, per source',
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      for (const [source, count] of Object.entries(await openBreaksBySource(db))) this.set({ source }, count);
    },
  });
  new Gauge({
    name: 'recon_run_failed',
    help: 'Whether the latest finished reconciliation run failed (1) or completed (0)',
    registers: [registry],
    async collect() {
      this.set((await latestRunFailed(db)) ? 1 : 0);
    },
  });
}
