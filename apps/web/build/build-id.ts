import { execFileSync } from 'node:child_process';

/**
 * What identifies this build on the version page: the commit it was built from (when built in a
 * git checkout) and the UTC build time, e.g. "3f2a9c1 · 2025-06-01 08:30 UTC". BUILD_ID overrides it
 * (a CI pipeline's number).
 */
export function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  const time = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commit ? `${commit} · ${time}` : time;
  } catch {
    return time;
  }
}
