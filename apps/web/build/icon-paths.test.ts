import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { shortIconModule, shortPathData } from './icon-paths';

const require = createRequire(import.meta.url);
const iconSource = (name: string) => readFileSync(require.resolve(`antd-mobile-icons/es/${name}.js`), 'utf8');

const NUMBER = /^[\s,]*(-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?)/;
const numbersOf = (args: string) => (args.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? []).map(Number);

/** An arc's arguments, whose two flags are single digits that svgo writes without separators ("a2 2 0 014 0"). */
function arcNumbers(args: string): number[] {
  const out: number[] = [];
  let rest = args;
  while (rest.trim()) {
    for (let i = 0; i < 7; i++) {
      const flag = i === 3 || i === 4;
      const match = flag ? /^[\s,]*([01])/.exec(rest) : NUMBER.exec(rest);
      if (!match?.[1]) return out;
      out.push(Number(match[1]));
      rest = rest.slice(match[0].length);
    }
  }
  return out;
}

/** The points a path passes through, as absolute coordinates, for the commands these icons use. */
function endPoints(d: string): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  let x = 0;
  let y = 0;
  let start: [number, number] = [0, 0];
  const arity: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
  for (const [, command = '', args = ''] of d.matchAll(/([a-zA-Z])([^a-zA-Z]*)/g)) {
    const lower = command.toLowerCase();
    const numbers = lower === 'a' ? arcNumbers(args) : numbersOf(args);
    const relative = command === lower;
    const n = arity[lower] ?? 0;
    if (lower === 'z') [x, y] = start;
    if (n === 0) continue;
    for (let i = 0; i + n <= numbers.length; i += n) {
      const group = numbers.slice(i, i + n);
      if (lower === 'h') x = (relative ? x : 0) + (group[0] ?? 0);
      else if (lower === 'v') y = (relative ? y : 0) + (group[0] ?? 0);
      else {
        x = (relative ? x : 0) + (group[n - 2] ?? 0);
        y = (relative ? y : 0) + (group[n - 1] ?? 0);
      }
      if (lower === 'm' && i === 0) start = [x, y];
      points.push([x, y]);
    }
  }
  return points;
}

describe('icon paths', () => {
  it('are written shorter and span the same box', () => {
    const source = iconSource('BillOutline');
    const original = /\bd: "([^"]+)"/.exec(source)?.[1] ?? '';
    const short = shortPathData(original);
    expect(short.length).toBeLessThan(original.length / 2);
    const box = (d: string) => {
      const points = endPoints(d);
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    };
    const before = box(original);
    for (const [i, edge] of box(short).entries()) expect(Math.abs(edge - (before[i] ?? 0))).toBeLessThan(0.05);
    expect(short.match(/m/gi)?.length).toBe(original.match(/m/gi)?.length);
  });

  it('keep the component and its props, without the layer names', () => {
    const short = shortIconModule(iconSource('AppOutline'));
    expect(short).not.toMatch(/\bid: /);
    expect(short).toContain('export default AppOutline');
    expect(short).toContain('fill: "currentColor"');
    expect(short).toContain("className: ['antd-mobile-icon', props.className]");
  });
});
