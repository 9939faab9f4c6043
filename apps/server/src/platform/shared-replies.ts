import { serializerCompiler } from 'fastify-type-provider-zod';

type SerializerCompiler = typeof serializerCompiler;

/** Values held by the read caches: answered many times, never changed in place. */
const shared = new WeakSet<object>();

/** Whether `value` is held by a read cache: the same object answers many requests. */
export function isShared(value: unknown): value is object {
  return value !== null && typeof value === 'object' && shared.has(value);
}

export function markShared<T>(value: T): T {
  if (value !== null && typeof value === 'object') shared.add(value);
  return value;
}

/**
 * The contract's serializer (each reply checked against its route's schema, then JSON), remembering
 * the JSON of the read caches' values per route: a reply served from memory is checked and written
 * once, not on every request (ADR 0025). Other replies are serialized as before.
 */
export const cachingSerializerCompiler: SerializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (!isShared(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
