import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadProcess<I, O> {
  /** Sends `input` as one IPC message and waits for the answer to it. */
  run(input: I): Promise<O>;
  stop(): void;
}

/**
 * One of the load generators (a script beside this one) in its own Node process, so the load never
 * shares the server's event loop, as real clients do not. Each input is one IPC message, answered
 * with its result; a script that serves several in turn (reads-load.ts, for rounds) stays up until
 * stopped.
 */
export function loadProcess<I, O>(script: string): LoadProcess<I, O> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), { execArgv: ['--import', 'tsx'] });
  const waiting: Array<{ resolve: (result: O) => void; reject: (error: Error) => void }> = [];
  let gone: Error | null = null;
  const fail = (error: Error) => {
    gone = error;
    for (const next of waiting.splice(0)) next.reject(error);
  };
  child.on('message', (result) => waiting.shift()?.resolve(result as O));
  child.once('error', fail);
  child.once('exit', (code) => fail(new Error(`${script} exited with ${code} before answering`)));
  return {
    run(input) {
      if (gone) return Promise.reject(gone);
      return new Promise<O>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.send(input as object);
      });
    },
    stop() {
      if (child.connected) child.disconnect();
    },
  };
}

/** Runs a load generator once: `input` is its one message, and it answers with its result. */
export async function loadInChild<I, O>(script: string, input: I): Promise<O> {
  const child = loadProcess<I, O>(script);
  try {
    return await child.run(input);
  } finally {
    child.stop();
  }
}
