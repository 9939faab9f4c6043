import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Whether something accepts connections at host:port, within half a second. */
export function answers(hostname: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, hostname);
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Waits for a server the tests spawned to listen on 127.0.0.1:port, failing with its output if it exits or never does. */
export async function waitUntilListening(name: string, port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${output()}`);
    if (await answers('127.0.0.1', port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on ${port}: ${output()}`);
}
