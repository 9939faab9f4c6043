import { readFileSync } from 'node:fs';

/** The middle value (the upper one of an even count), or 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A process's CPU time so far, from /proc/<pid>/stat, in seconds (100 clock ticks a second, as Linux reports). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** User and system CPU of a process so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}
