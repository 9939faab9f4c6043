import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs one of the load generators (a script beside this one) in its own Node process: it gets `input`
 * as its one IPC message and answers with its result. The load then never shares the server's event
 * loop, as real clients do not.
 */
export function loadInChild<I, O>(script: string, input: I): Promise<O> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as O));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before answering`)));
    child.send(input as object);
  });
}
