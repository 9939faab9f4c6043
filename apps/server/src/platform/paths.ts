import { fileURLToPath } from 'node:url';

/** The repository root, so defaults such as ./data mean the same folder whatever npm's working directory is. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
