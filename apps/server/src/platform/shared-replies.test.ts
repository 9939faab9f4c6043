import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cachingSerializerCompiler, markShared } from './shared-replies';

describe('cachingSerializerCompiler', () => {
  it('checks and writes a cached reply once per route, and every other reply each time', () => {
    let checks = 0;
    const schema = z.object({ n: z.number() }).refine(() => ++checks > 0);
    const serialize = cachingSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    const cached = markShared({ n: 1, extra: 'not in the contract' });
    expect(serialize(cached)).toBe('{"n":1}');
    expect(serialize(cached)).toBe('{"n":1}');
    expect(checks).toBe(1);
    expect(serialize({ n: 2 })).toBe('{"n":2}');
    expect(serialize({ n: 2 })).toBe('{"n":2}');
    expect(checks).toBe(3);
    // A reply the contract refuses is refused every time, cached or not.
    expect(() => serialize(markShared({ n: 'x' }))).toThrow();
  });
});
