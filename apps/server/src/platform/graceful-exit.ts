import type { FastifyBaseLogger } from 'fastify';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
/**
 * Under `npm start`, Ctrl-C reaches the server twice at once: from the terminal (the whole process
 * group) and forwarded by npm. A repeat inside this window is that echo, not an impatient user.
 */
const ECHO_WINDOW_MS = 2_000;

/**
 * Runs `stop` once on SIGTERM, SIGINT or a crash, then exits: 0 after a clean stop, 1 after an error
 * or when stopping takes longer than `timeoutMs`. A second signal after the echo window forces exit.
 */
export function onShutdown(log: FastifyBaseLogger, timeoutMs: number, stop: () => Promise<void>): void {
  let startedAt = 0;

  const run = async (reason: string, failed: boolean) => {
    startedAt = Date.now();
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      log.info({ reason }, 'shutting down');
      await stop();
      log.info('stopped');
      process.exit(failed ? 1 : 0);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };

  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (!startedAt) return void run(signal, false);
      if (Date.now() - startedAt > ECHO_WINDOW_MS) {
        log.warn({ signal }, 'second signal, exiting now');
        process.exit(1);
      }
    });
  }
  const crash = (err: unknown) => {
    log.fatal({ err }, 'crashed');
    if (!startedAt) void run('crash', true);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}
