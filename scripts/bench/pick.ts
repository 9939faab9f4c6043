/**
 * The two choices the load benches make over and over: which request a member makes next (a weighted
 * mix) and which server a proxied request goes to (round robin). Pure, so they are tested alone.
 */

/**
 * Picks a key with probability weight / total. `random` returns a number in [0, 1), as Math.random;
 * keys with weight 0 are never picked. Throws when nothing has a positive weight.
 */
export function weightedPicker<K extends string>(weights: Readonly<Record<K, number>>, random: () => number = Math.random): () => K {
  const entries = (Object.entries(weights) as Array<[K, number]>).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (entries.length === 0 || !Number.isFinite(total)) throw new Error('a mix needs at least one positive, finite weight');
  const bounds: number[] = [];
  let running = 0;
  for (const [, weight] of entries) {
    running += weight;
    bounds.push(running / total);
  }
  return () => {
    const r = random();
    for (let i = 0; i < bounds.length; i++) if (r < (bounds[i] as number)) return (entries[i] as [K, number])[0];
    // r rounded up to the last bound: the last key.
    return (entries.at(-1) as [K, number])[0];
  };
}

/** Each call the next of `items`, in order, starting again after the last. */
export function roundRobin<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('round robin over nothing');
  let next = 0;
  return () => {
    const item = items[next] as T;
    next = (next + 1) % items.length;
    return item;
  };
}
