import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

const SOURCE_FILE = 'TestUSDT.sol';
const CONTRACT = 'TestUSDT';

/**
 * Compiles the test token with solc-js (no bytecode is committed). The output is cached under
 * `cacheDir`, keyed by the hash of the source and compiler version, because loading the compiler
 * costs a few hundred milliseconds on every start.
 */
export async function compileTestToken(cacheDir?: string): Promise<CompiledContract> {
  const require = createRequire(import.meta.url);
  // Through the package's own name: this file may run bundled into the compiled server, away from src/.
  const source = await readFile(require.resolve(`@wallet/devchain/${SOURCE_FILE}`), 'utf8');
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const key = createHash('sha256').update(solcVersion).update('\0').update(source).digest('hex').slice(0, 16);
  const cacheFile = cacheDir ? path.join(cacheDir, `${CONTRACT}-${key}.json`) : undefined;
  if (cacheFile) {
    try {
      return JSON.parse(await readFile(cacheFile, 'utf8')) as CompiledContract;
    } catch {
      // No cache yet (or unreadable): compile below.
    }
  }
  const compiled = await compile(source);
  if (cacheDir && cacheFile) {
    await mkdir(cacheDir, { recursive: true });
    // Written then renamed, so a concurrent start never reads half a file.
    const partial = `${cacheFile}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify(compiled));
    await rename(partial, cacheFile);
  }
  return compiled;
}

async function compile(source: string): Promise<CompiledContract> {
  const solc = (await import('solc')).default;
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_FILE]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const fatal = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (fatal.length > 0) throw new Error(`solc: ${fatal.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.[SOURCE_FILE]?.[CONTRACT];
  if (!contract) throw new Error(`solc: ${CONTRACT} missing from the output`);
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
