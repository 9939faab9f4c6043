import { type DestinationStream, destination } from 'pino';

/** A write waits for this much, so a busy server makes a few hundred writes a second rather than one per request. */
const BATCH_BYTES = 16 * 1024;
/** Lines of a quiet server go out this often at least. */
const FLUSH_MS = 100;
/** The most one write carries, a busy second's backlog included. */
const MAX_WRITE_BYTES = 256 * 1024;

export interface LogDestination extends DestinationStream {
  flush(callback?: (error?: Error) => void): void;
  /** Writes what is held, before the process exits (pino calls it on exit, and so may a crash handler). */
  flushSync(): void;
}

/**
 * Where the server's lines go (standard output, or the file open as `fd`): pino's own writer,
 * sonic-boom, holding each line as bytes. In its default mode it measures the text it holds in UTF-8
 * again on every line, which grows with the lines held: under the reads benchmark that was several
 * µs a request (issue 16). Held as bytes, a line costs its own length, and a write carries
 * BATCH_BYTES or FLUSH_MS of lines. pino writes what is held when the process exits, after a crash
 * too; a process killed outright loses at most FLUSH_MS of lines.
 */
export function logDestination(fd = 1): LogDestination {
  const writer = destination({
    dest: fd,
    contentMode: 'buffer',
    minLength: BATCH_BYTES,
    maxWrite: MAX_WRITE_BYTES,
    periodicFlush: FLUSH_MS,
  });
  // The types know sonic-boom's text mode only; in buffer mode it takes bytes. Looked up on every
  // line: pino replaces the writer's methods once standard output is a closed pipe.
  const bytes = writer as unknown as { write(line: Buffer): boolean };
  return {
    write: (line: string) => bytes.write(Buffer.from(line)),
    flush: (callback) => writer.flush(callback),
    flushSync: () => writer.flushSync(),
  };
}
