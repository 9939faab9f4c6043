import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Change, onChange } from './changes';

const CHANNEL = 'wallet_changes';
const RECONNECT_MS = 1000;
// NOTIFY payloads are limited to 8000 bytes; 100 UUIDs stay well under it.
const IDS_PER_NOTIFY = 100;

/**
 * Carries changes between servers sharing the database, so every server's read caches hear of every
 * change: this process's changes go out with NOTIFY (after their commit, outside the transaction, so
 * the ledger's commits never queue on NOTIFY's lock), and LISTEN brings the others' back. `live` is
 * false while the listening connection is down: caches then store nothing, and they are cleared when
 * it comes back, because changes may have been missed meanwhile.
 */
export class ChangeFeed {
  private readonly origin = randomUUID();
  private readonly receivers = new Set<(change: Change) => void>();
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly outbox = new Map<Change['topic'], Set<string>>();
  private flushing = false;
  live = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Changes from this process and from other servers; also a `null` when everything must be forgotten. */
  receive(receiver: (change: Change | null) => void): void {
    this.receivers.add(receiver);
  }

  async start(): Promise<void> {
    this.unsubscribe = onChange((change) => {
      this.deliver(change);
      this.broadcast(change);
    });
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    this.unsubscribe?.();
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }

  private deliver(change: Change | null): void {
    for (const receiver of this.receivers) receiver(change as Change);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.pool.options, application_name: 'wallet-change-feed' });
    client.on('notification', (message) => this.onNotification(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.client = client;
      this.deliver(null);
      this.live = true;
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client && this.client !== null) return;
    this.client = null;
    this.live = false;
    this.deliver(null);
    client.end().catch(() => {});
    if (this.stopped || this.retry) return;
    this.log.warn({ err: error }, 'change feed connection lost; read caches are off until it is back');
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.connect();
    }, RECONNECT_MS);
  }

  private onNotification(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { origin, change } = JSON.parse(payload) as { origin: string; change: Change };
      if (origin !== this.origin) this.deliver(change);
    } catch {
      this.deliver(null);
    }
  }

  private broadcast(change: Change): void {
    // Changes of one tick (a batch of postings, say) go out together.
    const ids = this.outbox.get(change.topic) ?? new Set<string>();
    if (change.topic !== 'rates') for (const id of change.userIds) ids.add(id);
    this.outbox.set(change.topic, ids);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushing = false;
    const parts: Change[] = [];
    for (const [topic, ids] of this.outbox) {
      if (topic === 'rates') {
        parts.push({ topic });
        continue;
      }
      const all = [...ids];
      for (let i = 0; i < all.length; i += IDS_PER_NOTIFY) parts.push({ topic, userIds: all.slice(i, i + IDS_PER_NOTIFY) });
    }
    this.outbox.clear();
    for (const part of parts) {
      this.pool
        .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, change: part })])
        .catch((error) => this.log.warn({ err: error }, 'could not tell other servers about a change'));
    }
  }
}
