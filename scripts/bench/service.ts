import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/**
 * A listening helper of the benches in its own Node process (a bare server, the proxy, the sandbox
 * issuer): forked with `input` as its first IPC message, it answers `{ port }` once listening, then
 * answers each further message once. SIGTERM stops it.
 */
export interface Service {
  pid: number;
  port: number;
  url: string;
  /** Sends a message and resolves with the service's answer. */
  ask<A>(message: object): Promise<A>;
  stop(): Promise<void>;
}

/** The header the bench proxy (proxy.ts) adds to each answer: the index of the upstream that gave it. */
export const UPSTREAM_HEADER = 'x-bench-upstream';

export type ServiceReady = { port: number };

export async function startService(script: string, input: object, nodeFlags: string[] = []): Promise<Service> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), { execArgv: [...nodeFlags, '--import', 'tsx'] });
  const next = <A>() =>
    new Promise<A>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code} before answering`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as A);
      });
    });
  const ready = next<ServiceReady>();
  child.send(input);
  const { port } = await ready;
  return {
    pid: child.pid as number,
    port,
    url: `http://127.0.0.1:${port}`,
    ask<A>(message: object) {
      const answer = next<A>();
      child.send(message);
      return answer;
    },
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** For the service's side: answers `{ port }` to the parent once `listen` has resolved. */
export function serviceReady(port: number) {
  process.send?.({ port } satisfies ServiceReady);
}
