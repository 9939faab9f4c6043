import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server';

const script = (file: string, name: string) =>
  (JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts[name];

describe('the server the bench measures', () => {
  it('runs with the V8 flags npm start and npm run dev give it', () => {
    for (const command of [script('package.json', 'start'), script('apps/server/package.json', 'dev')])
      for (const flag of SERVER_NODE_FLAGS) expect(command?.split(' ')).toContain(flag);
  });
});
