import { describe, expect, it } from 'vitest';
import { roundRobin, weightedPicker } from './pick';

describe('weightedPicker', () => {
  it('picks each key over the share of [0, 1) its weight gives it, in the order given', () => {
    const values = [0, 0.099, 0.1, 0.399, 0.4, 0.999];
    let i = 0;
    const pick = weightedPicker({ a: 1, b: 3, c: 6 }, () => values[i++] as number);
    expect(values.map(() => pick())).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
  });

  it('never picks a key of weight 0, and refuses a mix with no positive weight', () => {
    const pick = weightedPicker({ never: 0, always: 2 }, () => 0);
    expect(pick()).toBe('always');
    expect(() => weightedPicker({ a: 0, b: 0 })).toThrow();
  });

  it('keeps close to the weights over many picks', () => {
    let seed = 42;
    // A small LCG, so the test is the same on every run.
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = weightedPicker({ read: 50, pay: 30, move: 20 }, random);
    const counts: Record<string, number> = { read: 0, pay: 0, move: 0 };
    for (let n = 0; n < 20_000; n++) {
      const key = pick();
      counts[key] = (counts[key] ?? 0) + 1;
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect((counts.read as number) / total).toBeCloseTo(0.5, 1);
    expect((counts.pay as number) / total).toBeCloseTo(0.3, 1);
    expect((counts.move as number) / total).toBeCloseTo(0.2, 1);
  });
});

describe('roundRobin', () => {
  it('takes each item in turn and starts again after the last', () => {
    const next = roundRobin(['one', 'two']);
    expect([next(), next(), next(), next(), next()]).toEqual(['one', 'two', 'one', 'two', 'one']);
  });

  it('with one item, always that one; with none, refuses', () => {
    const next = roundRobin([7]);
    expect([next(), next()]).toEqual([7, 7]);
    expect(() => roundRobin([])).toThrow();
  });
});
