import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the package.json that declares the workspaces, found upwards from this module: the
 * same root whether it runs from src/ (tsx, tests) or bundled into dist/ (npm start).
 */
function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no workspace root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** The repository root, so defaults such as ./data mean the same folder whatever npm's working directory is. */
export const REPO_ROOT = repositoryRoot();
