import type { ReplySchema } from './api-client';

/**
 * A contract schema compiled by Ajv at build time (build/contract-texts.ts, `virtual:json-schema/*`):
 * true when a value fits it.
 */
export type CompiledCheck = (value: unknown) => boolean;

/** A reply schema for api-client.ts from a compiled check: the first screen's replies are checked without zod. */
export function jsonReplySchema<T>(check: CompiledCheck): ReplySchema<T> {
  return { safeParse: (data) => (check(data) ? { success: true, data: data as T } : { success: false }) };
}
