import { type DestinationStream, destination } from 'pino';

/**
 * Lines are held until this many characters, so a busy server makes tens of writes a second rather
 * than one per request: each write wakes a thread of libuv's pool, which cost the reads benchmark a
 * share of its CPU at 16 KB a write (ADR 0032).
 */
const BATCH_CHARS = 64 * 1024;
/** Lines of a quiet server go out this often at least. */
const FLUSH_MS = 100;
/** The most one write carries, a busy second's backlog included. */
const MAX_WRITE_BYTES = 256 * 1024;

export interface LogDestination extends DestinationStream {
  flush(callback?: (error?: Error) => void): void;
  /** Writes what is held, before the process exits (pino calls it on a fatal line, and so does the exit hook below). */
  flushSync(): void;
}

/**
 * Where the server's lines go (standard output, or the file open as `fd`): pino's own writer,
 * sonic-boom, does the writing (asynchronous, retried when the pipe is busy, finished synchronously
 * as the process exits). The lines are held here as text and handed to it a batch at a time, as one
 * buffer: in its text mode it measures the text it holds in UTF-8 again on every line, which grows
 * with the lines held; in its byte mode every line was a buffer of its own, which with the garbage
 * it leaves cost a read a tenth of its CPU (ADR 0032). A process killed outright loses at most
 * FLUSH_MS of lines; one that exits, even after a crash, writes them first.
 */
export function logDestination(fd = 1): LogDestination {
  const writer = destination({ dest: fd, contentMode: 'buffer', minLength: 0, maxWrite: MAX_WRITE_BYTES });
  // The types know sonic-boom's text mode only; in byte mode it takes bytes. Looked up on every
  // batch: pino replaces the writer's methods once standard output is a closed pipe.
  const bytes = writer as unknown as { write(batch: Buffer): boolean };
  let held: string[] = [];
  let heldChars = 0;
  const handOver = () => {
    if (held.length === 0) return;
    const batch = held.join('');
    held = [];
    heldChars = 0;
    bytes.write(Buffer.from(batch));
  };
  setInterval(handOver, FLUSH_MS).unref();
  const flushSync = () => {
    handOver();
    writer.flushSync();
  };
  // sonic-boom finishes its own writes at exit (pino registers it), but not the lines held here.
  process.once('exit', () => {
    if (held.length > 0) flushSync();
  });
  return {
    write: (line: string) => {
      held.push(line);
      heldChars += line.length;
      if (heldChars >= BATCH_CHARS) handOver();
    },
    flush: (callback) => {
      handOver();
      writer.flush(callback);
    },
    flushSync,
  };
}
