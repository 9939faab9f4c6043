import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

/**
 * Malformed requests for every operation of the API document: a body of the operation's shape with
 * one part replaced by junk, whole bodies that are not the shape at all, junk path parameters, query
 * strings and headers. Values come from fast-check with a fixed seed, so a run is repeatable.
 */

export type JsonSchema = { [key: string]: unknown };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
export type Operation = {
  summary?: string;
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

/** One request to send: `payload` is the raw text, so bodies that are not JSON can be sent too. */
export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

const LONG = 'x'.repeat(100_000);

/** Text that is wrong in the ways that have reached the database before: NUL, huge, unpaired, controls. */
export const JUNK_TEXT: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  LONG,
  '99999999999999999999',
  '-1',
  '0',
  '1e309',
  'NaN',
  '0x1F',
  '１２３',
  '\uD800',
  'a\u202Eb',
  'line\nbreak\r\n',
  "' or 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '😀'.repeat(5000),
];

/** JSON values of the wrong kind for any field. */
export const JUNK_VALUES: readonly unknown[] = [
  ...JUNK_TEXT,
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  {},
  [],
  [[[]]],
  { $gt: '' },
  ['a', 'b'],
  Array.from({ length: 10_000 }, (_, i) => i),
  nested(200),
];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

/** Whole bodies that are not the operation's shape, with the content type they are sent as. */
export const JUNK_BODIES: ReadonlyArray<{ label: string; contentType: string; payload: string }> = [
  { label: 'empty JSON', contentType: 'application/json', payload: '' },
  { label: 'JSON null', contentType: 'application/json', payload: 'null' },
  { label: 'JSON array', contentType: 'application/json', payload: '[1,2,3]' },
  { label: 'JSON string', contentType: 'application/json', payload: '"text"' },
  { label: 'JSON number', contentType: 'application/json', payload: '99999999999999999999999' },
  { label: 'truncated JSON', contentType: 'application/json', payload: '{"a":' },
  { label: 'NUL in JSON', contentType: 'application/json', payload: '{"a":"\\u0000"}' },
  { label: 'raw NUL byte', contentType: 'application/json', payload: '{"a":"\u0000"}' },
  { label: 'prototype pollution', contentType: 'application/json', payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}' },
  {
    label: 'many keys',
    contentType: 'application/json',
    payload: JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
  },
  { label: 'huge key', contentType: 'application/json', payload: JSON.stringify({ [LONG]: 1 }) },
  { label: 'deep nesting', contentType: 'application/json', payload: JSON.stringify(nested(500)) },
  { label: 'form body', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { label: 'text body', contentType: 'text/plain', payload: 'hello' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: '--x\r\n\r\n' },
  {
    label: 'multipart junk',
    contentType: 'multipart/form-data; boundary=x',
    payload:
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--\r\n',
  },
  {
    label: 'multipart cut short',
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
  },
  {
    label: 'multipart bad part header',
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\n\u0000\u0001: ::\r\n\r\nabc\r\n--x--\r\n',
  },
  { label: 'image junk', contentType: 'image/jpeg', payload: 'not really a jpeg' },
  { label: 'JSON as latin1', contentType: 'application/json; charset=latin1', payload: '{"a":"b"}' },
  { label: 'unknown type', contentType: 'application/x-unknown', payload: '\u0001\u0002' },
];

/** Path parameters: over Fastify's limit, not an id, encoded NUL and unicode, traversal. */
export const JUNK_PATH_PARAMS: readonly string[] = [
  'x'.repeat(101),
  'x'.repeat(5000),
  'not-a-uuid',
  '%00',
  'a%00b',
  '%F0%9F%98%80',
  '%E4%B8%AD%E6%96%87',
  '99999999999999999999',
  '-1',
  '0',
  '%2e%2e',
  '%20',
  'null',
  '00000000-0000-0000-0000-00000000000G',
  `${randomUUID()}x`,
  randomUUID().toUpperCase(),
];

/** Query values: raw text already encoded for a URL. */
export const JUNK_QUERY_VALUES: readonly string[] = [
  '',
  '%00',
  'x'.repeat(5000),
  '99999999999999999999',
  '-1',
  '0',
  '1e3',
  '1.5',
  'NaN',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '[object Object]',
];

/** Header values a client might send wrong; `token` is the caller's own bearer token, if any. */
export function junkHeaders(token: string | null): Array<[string, string]> {
  return [
    ['idempotency-key', ''],
    ['idempotency-key', 'k'.repeat(5000)],
    ['idempotency-key', '\u00e9\u00e9'],
    ['idempotency-key', '../../'],
    ['authorization', 'Bearer '],
    ['authorization', `Bearer ${'t'.repeat(5000)}`],
    ['authorization', 'Basic dXNlcjpwYXNz'],
    ['authorization', `Bearer ${token ?? 'x'}tampered`],
    ['authorization', `Bearer ${(token ?? 'x').toUpperCase()}`],
    ['authorization', 'Bearer \u00ff\u00fe'],
    ['accept-language', 'xx-YY'],
    ['accept-language', '*;q=abc,,;;'],
    ['accept-language', 'l'.repeat(5000)],
    ['content-type', 'application/json; charset=utf-16'],
    ['content-type', 'application/json; boundary=\u00ff'],
    ['cookie', `session=${'c'.repeat(3000)}; csrf=\u00e9`],
    ['x-csrf-token', '\u00e9'.repeat(100)],
    ['last-event-id', '99999999999999999999999'],
    ['x-forwarded-for', '999.999.999.999, not-an-ip'],
  ];
}

export class InputMaker {
  private seed: number;
  constructor(
    private readonly doc: OpenApiDocument,
    seed: number,
  ) {
    this.seed = seed;
  }

  private sample<T>(arbitrary: fc.Arbitrary<T>): T {
    this.seed += 1;
    const [value] = fc.sample(arbitrary, { seed: this.seed, numRuns: 1 });
    return value as T;
  }

  /** Picks `count` of `items`, the same ones on every run. */
  pick<T>(items: readonly T[], count: number): T[] {
    if (items.length <= count) return [...items];
    return this.sample(fc.shuffledSubarray([...items], { minLength: count, maxLength: count }));
  }

  resolve(schema: JsonSchema | undefined): JsonSchema {
    let current = schema ?? {};
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
      const name = current.$ref.split('/').pop() ?? '';
      current = this.doc.components?.schemas?.[name] ?? {};
    }
    return current;
  }

  /** A value of the schema's shape; valid where that is easy (enums, formats, patterns, examples). */
  valueOf(raw: JsonSchema | undefined, depth = 0): unknown {
    const schema = this.resolve(raw);
    if (depth > 6) return null;
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const options = schema[key];
      if (Array.isArray(options) && options.length > 0) {
        const usable = options.map((o) => this.resolve(o as JsonSchema)).find((o) => o.type !== 'null') ?? options[0];
        if (key !== 'allOf') return this.valueOf(usable as JsonSchema, depth + 1);
        return Object.assign({}, ...options.map((o) => this.valueOf(o as JsonSchema, depth + 1)));
      }
    }
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, this.valueOf(value, depth + 1)]));
      }
      case 'array':
        return [this.valueOf(schema.items as JsonSchema, depth + 1)];
      case 'integer':
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 1;
      case 'boolean':
        return false;
      case 'string':
        return this.stringOf(schema);
      default:
        return 'value';
    }
  }

  private stringOf(schema: JsonSchema): string {
    if (schema.format === 'uuid') return randomUUID();
    if (schema.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
    if (schema.format === 'date-time') return new Date(0).toISOString();
    if (typeof schema.pattern === 'string') {
      try {
        const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
        const text = this.sample(fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length <= max));
        if (typeof text === 'string') return text;
      } catch {
        // A pattern fast-check cannot generate from (lookarounds): plain text then.
      }
    }
    const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
    return 'a'.repeat(Math.max(min, 3));
  }
}

/** Every place inside a JSON value that junk can replace, as a path of keys (the value itself is not one). */
export function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => leafPaths(item, [...prefix, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  return here;
}

/** A copy of `value` with the part at `path` replaced. */
export function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}
