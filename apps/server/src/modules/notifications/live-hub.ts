import type { LiveEventType } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../platform/change-feed';
import type { Change } from '../../platform/changes';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { notificationsAfter, toNotification } from './queries';

/** One open event stream: a member's session on one screen. */
export interface LiveStream {
  readonly userId: string;
  readonly sessionId: string;
  /** The last notification id this stream has been sent. */
  position: bigint;
  /** Writes raw event-stream text; false when the client is not reading fast enough. */
  write(text: string): boolean;
  close(): void;
}

export interface LiveHubOptions {
  streamsPerMember: number;
  heartbeatMs: number;
}

/** Notifications read per member at a time; a member with more gets the rest in the next read. */
const PER_MEMBER_READ = 100;

export function eventText(type: LiveEventType, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Fans changes out to the open streams of this process. Changes arrive from the change feed (this
 * process's commits, and other servers' through LISTEN/NOTIFY); notifications are then read for every
 * member touched in one query per moment, not one per stream. Balances and ticket changes are only a
 * word to read again. One timer keeps every stream alive, so an idle stream costs its socket only.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly pending = { notifications: new Set<string>(), balances: new Set<string>(), tickets: new Set<string>() };
  private flushing = false;
  private again = false;
  private heartbeat: NodeJS.Timeout | null = null;
  size = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: LiveHubOptions,
  ) {}

  listen(feed: ChangeFeed): void {
    feed.receive((change) => this.onChange(change));
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Adds a stream; one resuming from an event id is caught up from there (a new one starts at the
   * member's latest notification). Returns the function that removes it.
   */
  add(stream: LiveStream, catchUp: boolean): () => void {
    const streams = this.byUser.get(stream.userId) ?? new Set<LiveStream>();
    if (streams.size >= this.options.streamsPerMember) throw new AppError('LIVE_STREAMS_TOO_MANY');
    streams.add(stream);
    this.byUser.set(stream.userId, streams);
    this.size += 1;
    if (catchUp) {
      this.pending.notifications.add(stream.userId);
      this.schedule();
    }
    return () => {
      if (!streams.delete(stream)) return;
      this.size -= 1;
      if (streams.size === 0) this.byUser.delete(stream.userId);
    };
  }

  /** Ends every stream (the server is closing); clients reconnect to another server. */
  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const streams of this.byUser.values()) for (const stream of streams) stream.close();
    this.byUser.clear();
    this.size = 0;
  }

  private onChange(change: Change | null): void {
    if (change === null) {
      // The feed was down: anything may have been missed.
      for (const userId of this.byUser.keys()) {
        this.pending.notifications.add(userId);
        this.pending.balances.add(userId);
        this.pending.tickets.add(userId);
      }
    } else if (change.topic === 'rates') {
      for (const userId of this.byUser.keys()) this.pending.balances.add(userId);
    } else if (!('userIds' in change)) {
      // The card catalogue: read when a member opens the shop; nothing on a screen they hold changes.
      return;
    } else if (change.topic === 'sessions') {
      void this.closeRevoked(change.userIds.filter((id) => this.byUser.has(id)));
      return;
    } else {
      // A card's state or transactions show on the money screens the balance hint refreshes.
      const set = change.topic === 'profile' || change.topic === 'cards' ? this.pending.balances : this.pending[change.topic];
      for (const userId of change.userIds) if (this.byUser.has(userId)) set.add(userId);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    try {
      this.sendHints('balances', this.pending.balances);
      this.sendHints('ticket', this.pending.tickets);
      if (this.pending.notifications.size > 0) await this.sendNotifications();
    } catch (error) {
      this.log.warn({ err: error }, 'live notifications not sent; clients read them on their next reconnect');
    } finally {
      this.flushing = false;
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    }
  }

  private sendHints(type: 'balances' | 'ticket', users: Set<string>): void {
    const text = eventText(type, {});
    for (const userId of users) for (const stream of this.byUser.get(userId) ?? []) this.send(stream, text);
    users.clear();
  }

  private async sendNotifications(): Promise<void> {
    const positions = new Map<string, string>();
    for (const userId of this.pending.notifications) {
      const streams = this.byUser.get(userId);
      if (!streams) continue;
      let least: bigint | null = null;
      for (const stream of streams) if (least === null || stream.position < least) least = stream.position;
      if (least !== null) positions.set(userId, least.toString());
    }
    this.pending.notifications.clear();
    const rows = await notificationsAfter(this.db, positions, PER_MEMBER_READ);
    const perMember = new Map<string, number>();
    for (const row of rows) {
      perMember.set(row.user_id, (perMember.get(row.user_id) ?? 0) + 1);
      const id = BigInt(row.id);
      const text = eventText('notification', toNotification(row), row.id);
      for (const stream of this.byUser.get(row.user_id) ?? []) {
        if (stream.position >= id) continue;
        stream.position = id;
        this.send(stream, text);
      }
    }
    // A member whose read was full may have more: read on from where it stopped.
    for (const [userId, count] of perMember) {
      if (count < PER_MEMBER_READ) continue;
      this.pending.notifications.add(userId);
      this.again = true;
    }
  }

  private send(stream: LiveStream, text: string): void {
    // A client that has stopped reading is dropped rather than buffered without end; it resumes by id.
    if (!stream.write(text)) stream.close();
  }

  private beat(): void {
    for (const streams of this.byUser.values()) for (const stream of streams) this.send(stream, ': keep-alive\n\n');
  }

  private async closeRevoked(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    try {
      const live = await this.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', 'in', userIds)
        .where('revoked_at', 'is', null)
        .execute();
      const liveIds = new Set(live.map((row) => row.id));
      for (const userId of userIds) for (const stream of this.byUser.get(userId) ?? []) if (!liveIds.has(stream.sessionId)) stream.close();
    } catch (error) {
      this.log.warn({ err: error }, 'could not check sessions of live streams');
    }
  }
}
