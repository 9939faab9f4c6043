import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Change, onChange } from './changes';

const CHANNEL = 'wallet_changes';
const RECONNECT_MS = 1000;
// NOTIFY payloads are limited to 8000 bytes; 100 UUIDs stay well under it.
const IDS_PER_NOTIFY = 100;
/**
 * Replies wait for their changes' NOTIFY, so a NOTIFY that hangs must not hang them: past this, they
 * go without it (other servers are then stale for at most an entry's lifetime) and a stuck feed
 * connection is replaced.
 */
const SEND_TIMEOUT_MS = 3000;
const NOTIFY_ALL = `select pg_notify('${CHANNEL}', payload) from unnest($1::text[]) as payload`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The feed's `published` when the request came in; -1 before that. */
    changesBefore: number;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The reply need not wait for this request's changes to be announced (see holdRepliesUntilAnnounced). */
    replyBeforeAnnounced?: boolean;
  }
}

/**
 * A member's next request may reach another server, whose caches must have heard of what this one
 * changed: a reply leaves only once every change published while its request ran has been NOTIFYed.
 * Which of them are the request's own is not known (one batch of postings serves several requests),
 * and waiting for the others costs the same round trip.
 */
export function holdRepliesUntilAnnounced(app: FastifyInstance, feed: ChangeFeed): void {
  app.decorateRequest('changesBefore', -1);
  app.addHook('onRequest', (request, _reply, done) => {
    request.changesBefore = feed.published;
    done();
  });
  app.addHook('onSend', (request, _reply, _payload, done) => {
    // Not having started (refused by an earlier hook), it changed nothing. Another system's call (an
    // issuer's webhook) has no member waiting to read what it changed: its answer does not wait.
    // The route's config is read last: Fastify builds request.routeOptions anew on every read.
    const sent = request.changesBefore === -1 ? null : feed.whenSent(request.changesBefore);
    if (sent && !request.routeOptions.config.replyBeforeAnnounced) void sent.then(() => done());
    else done();
  });
}

/**
 * Carries changes between servers sharing the database, so every server's read caches hear of every
 * change: this process's changes go out with NOTIFY (after their commit, outside the transaction, so
 * the ledger's commits never queue on NOTIFY's lock), and LISTEN brings the others' back. `live` is
 * false while the listening connection is down: caches then store nothing, and they are cleared when
 * it comes back, because changes may have been missed meanwhile.
 *
 * The NOTIFYs go on the listening connection, which nothing else uses, so they never queue behind
 * the request pool; and a request that changed something is answered only once its NOTIFY has gone
 * (see `whenSent`), so a member's next request finds every server told. While that connection is
 * down they go through the pool instead.
 */
export class ChangeFeed {
  private readonly origin = randomUUID();
  private readonly receivers = new Set<(change: Change) => void>();
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly outbox = new Map<Change['topic'], Set<string>>();
  private scheduled = false;
  private sending = false;
  /** A NOTIFY has outlived SEND_TIMEOUT_MS: replies stop waiting until it ends. */
  private stalled = false;
  /** How many changes this process has published, and how many of the first of them have gone out (or been given up on). */
  private count = 0;
  private sent = 0;
  private waiters: Array<{ upTo: number; resolve: () => void }> = [];
  live = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    /** PostgreSQL itself, even when the pool goes through a pooler (DatabaseHandle.directUrl). */
    private readonly directUrl: string,
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
    // Changes committed just before a shutdown (a deploy) still reach the other servers.
    this.flush();
    await this.whenSent(-1);
    await this.client?.end().catch(() => {});
  }

  /** How many changes this process has published so far: a request notes it when it starts. */
  get published(): number {
    return this.count;
  }

  /**
   * `null` when no change published since `mark` (an earlier `published`) is still to go out, which is
   * the common case and costs nothing; otherwise a promise that settles once it has gone out.
   */
  whenSent(mark: number): Promise<void> | null {
    if (mark === this.published || this.sent >= this.published || this.stalled) return null;
    const upTo = this.published;
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  private deliver(change: Change | null): void {
    for (const receiver of this.receivers) receiver(change as Change);
  }

  private async connect(): Promise<void> {
    // LISTEN is a session's: on PostgreSQL itself, not through a pooler in transaction mode.
    const client = new pg.Client({
      ...this.pool.options,
      connectionString: this.directUrl,
      application_name: 'wallet-change-feed',
      keepAlive: true,
    });
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
    const ids = this.outbox.get(change.topic) ?? new Set<string>();
    if ('userIds' in change) for (const id of change.userIds) ids.add(id);
    this.outbox.set(change.topic, ids);
    this.count += 1;
    // Changes of one tick (a batch of postings, say) go out together; those made while a NOTIFY is on
    // its way go together when it is back.
    if (!this.scheduled && !this.sending) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }

  private flush(): void {
    if (this.sending || this.outbox.size === 0) return;
    const payloads: string[] = [];
    const add = (change: Change) => payloads.push(JSON.stringify({ origin: this.origin, change }));
    for (const [topic, ids] of this.outbox) {
      if (topic === 'rates' || topic === 'cardProducts') {
        add({ topic });
        continue;
      }
      const all = [...ids];
      for (let i = 0; i < all.length; i += IDS_PER_NOTIFY) add({ topic, userIds: all.slice(i, i + IDS_PER_NOTIFY) });
    }
    this.outbox.clear();
    const upTo = this.published;
    const client = this.client;
    this.sending = true;
    const timeout = setTimeout(() => {
      this.stalled = true;
      this.release(this.count);
      this.log.warn({ timeoutMs: SEND_TIMEOUT_MS }, 'a change notification is slow; replies no longer wait for it');
      // A NOTIFY this slow on a connection nothing else uses: the connection is gone without saying so.
      if (client && this.client === client) this.lost(client, new Error('NOTIFY timed out'));
    }, SEND_TIMEOUT_MS);
    timeout.unref();
    void this.send(client, payloads).finally(() => {
      clearTimeout(timeout);
      this.sending = false;
      this.stalled = false;
      this.release(upTo);
      this.flush();
    });
  }

  private async send(client: pg.Client | null, payloads: string[]): Promise<void> {
    try {
      await (client ?? this.pool).query(NOTIFY_ALL, [payloads]);
      return;
    } catch (error) {
      if (!client) return this.log.warn({ err: error }, 'could not tell other servers about a change');
    }
    // The feed connection failed under it; a NOTIFY sent twice only costs the others a cache miss.
    await this.pool
      .query(NOTIFY_ALL, [payloads])
      .catch((error) => this.log.warn({ err: error }, 'could not tell other servers about a change'));
  }

  private release(upTo: number): void {
    this.sent = Math.max(this.sent, upTo);
    if (this.waiters.length === 0) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.upTo <= this.sent) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
