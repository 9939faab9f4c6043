import { execFile } from 'node:child_process';
import { readFile, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A fast shutdown writes a checkpoint first: on a large data folder that takes a while. */
const FAST_STOP_MS = 60_000;
/** After an immediate stop (SIGQUIT) the next start recovers from the WAL, as after a crash. */
const IMMEDIATE_STOP_MS = 15_000;

interface ProcessInfo {
  args: string[];
  parentPid: number;
}

/** The postmaster's pid from `<databaseDir>/postmaster.pid` (its first line), or null when there is none. */
export async function postmasterPid(databaseDir: string): Promise<number | null> {
  const text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number.parseInt(text?.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Before starting PostgreSQL on `databaseDir`, deals with what a server killed without stopping
 * (SIGKILL, the out-of-memory killer) leaves behind:
 * - a postmaster still running on our data folder whose server is gone: it holds the port and the
 *   folder, so PostgreSQL would refuse to start. It is stopped as `pg_ctl stop -m fast` does
 *   (SIGINT: clients cut, a checkpoint, a clean exit), SIGQUIT only if that does not end in time;
 * - a postmaster.pid naming a pid that no longer runs: PostgreSQL replaces it itself;
 * - a postmaster.pid naming a live process that is not PostgreSQL on this folder (the pid was
 *   reused, e.g. after a reboot of a container): PostgreSQL would refuse to start, so the stale
 *   file is removed.
 * A postmaster whose parent is a live Node process belongs to a server that is still running on
 * this folder: that is refused rather than stopped under it.
 */
export async function stopLeftoverPostgres(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pid = await postmasterPid(databaseDir);
  if (pid === null || !isAlive(pid)) return;
  const info = await processInfo(pid);
  if (!info) return;
  if (!(await isPostgresOn(info.args, databaseDir))) {
    log(`postmaster.pid names pid ${pid}, which is not PostgreSQL on ${databaseDir}: removing the stale file`);
    await rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  const parent = info.parentPid > 1 ? await processInfo(info.parentPid) : null;
  if (parent && path.basename(parent.args[0] ?? '').startsWith('node'))
    throw new Error(
      `PostgreSQL (pid ${pid}) on ${databaseDir} belongs to a server that is still running (pid ${info.parentPid}): stop that server first, or give this one another DATA_DIR.`,
    );

  log(`stopping PostgreSQL (pid ${pid}) left running on ${databaseDir} by a server that ended without stopping it`);
  signal(pid, 'SIGINT');
  if (await gone(pid, databaseDir, FAST_STOP_MS)) return;
  log(`PostgreSQL (pid ${pid}) did not stop in ${FAST_STOP_MS / 1000} s: stopping it immediately (it recovers from its log on start)`);
  signal(pid, 'SIGQUIT');
  if (await gone(pid, databaseDir, IMMEDIATE_STOP_MS)) return;
  throw new Error(`PostgreSQL (pid ${pid}) left running on ${databaseDir} did not stop; stop it by hand and start again.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (the postgres user when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Linux reads /proc; elsewhere ps. Null when the process is gone (or a zombie, which is as good as gone). */
async function processInfo(pid: number): Promise<ProcessInfo | null> {
  if (process.platform === 'linux') {
    const [cmdline, stat] = await Promise.all([
      readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null),
      readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null),
    ]);
    if (cmdline === null || stat === null) return null;
    // stat: "pid (comm) state ppid ...", and comm may hold spaces or parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') return null;
    return { args: cmdline.split('\0').filter(Boolean), parentPid: Number(ppid) };
  }
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)]);
    const match = stdout.trim().match(/^(\d+)\s+(\S+)\s+(.*)$/);
    if (!match || match[2]?.startsWith('Z')) return null;
    return { args: (match[3] ?? '').split(/\s+/), parentPid: Number(match[1]) };
  } catch {
    return null;
  }
}

async function isPostgresOn(args: string[], databaseDir: string): Promise<boolean> {
  const program = path.basename(args[0] ?? '');
  if (program !== 'postgres' && program !== 'postmaster') return false;
  const dataArg = args[args.indexOf('-D') + 1];
  if (args.indexOf('-D') < 0 || !dataArg) return false;
  const [theirs, ours] = await Promise.all([realpath(dataArg).catch(() => dataArg), realpath(databaseDir).catch(() => databaseDir)]);
  return path.resolve(theirs) === path.resolve(ours);
}

/** PostgreSQL removes its postmaster.pid as the last step of a shutdown. */
async function gone(pid: number, databaseDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await postmasterPid(databaseDir)) !== pid && (await processInfo(pid)) === null) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
