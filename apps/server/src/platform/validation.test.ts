import * as contract from '@wallet/contract';
import { LANGUAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, RequestValidationError, validatorCompiler } from './validation';

/** Every request schema the contract exports: bodies, queries and route parameters. */
const REQUEST_SCHEMAS: Array<[string, z.ZodType]> = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  /(Body|Query|Params|Input)Schema$/.test(name) && value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : [],
);

const LONG = 'x'.repeat(5000);

/** Wrong in every way we can think of, field by field: missing, empty, wrong type, too long, negative, extra. */
function badInputs(schema: z.ZodType): unknown[] {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const each = (value: unknown) => Object.fromEntries(keys.map((key) => [key, value]));
  return [
    undefined,
    null,
    'text',
    [],
    {},
    { ...each(''), unexpected: 1 },
    each(' '),
    each(123),
    each(-1),
    each(0.0001),
    each(true),
    each(LONG),
    each('abc'),
    each('2025-13-45'),
    each([LONG]),
    each({ nested: LONG }),
    each(Array.from({ length: 50 }, () => 'x')),
  ];
}

/** Words a member sees untranslated in every language: currencies, networks, card brands, standard abbreviations. */
const ALLOWED =
  /\b(USDT|USDC|TRON|TRC20|BEP20|ERC20|BSC|UID|KYC|PIN|CVV|Visa|Mastercard|Email|Google|Alipay|SWIFT|IBAN|PDF|CSV|JPEG|PNG)\b/gi;

function problemsOf(message: string, language: contract.Language): string[] {
  const problems: string[] = [];
  if (/\/\^|\$\/|\\d|\\w|\[A-Z|\[a-z|\[0-9|pattern|regex/i.test(message)) problems.push('regular expression');
  if (/\bbody\.|\bquery(string)?\.|\bparams\.|\b[A-Za-z_]\w*\.[A-Za-z_]\w*|\[\d+\]/.test(message)) problems.push('path');
  if (/[{}"`]|=>/.test(message)) problems.push('JSON or code');
  if (/expected|received|undefined|Invalid input/i.test(message)) problems.push('zod wording');
  if (language !== 'en' && /[A-Za-z]{4,}/.test(message.replace(ALLOWED, ''))) problems.push('English words');
  if (message.trim().length < 2) problems.push('empty');
  return problems;
}

describe('validation messages', () => {
  it('covers the request schemas of the contract', () => {
    expect(REQUEST_SCHEMAS.length).toBeGreaterThan(40);
  });

  it.each(REQUEST_SCHEMAS)('words every failure of %s as a sentence in each language', (_name, schema) => {
    const failures: string[] = [];
    let issues = 0;
    for (const input of badInputs(schema)) {
      const result = schema.safeParse(input, { reportInput: true });
      if (result.success) continue;
      issues += result.error.issues.length;
      for (const language of LANGUAGES) {
        for (const field of describeIssues(result.error.issues, 'body', language)) {
          const problems = problemsOf(field.message, language);
          if (problems.length > 0) failures.push(`${language} ${field.path} ${field.code}: ${problems.join(', ')} in "${field.message}"`);
        }
      }
    }
    expect(issues).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('words every kind of zod issue without zod’s own text', () => {
    const schema = z.strictObject({
      name: z.string().min(2).max(5),
      code: z.string().length(6),
      pattern: z.string().regex(/^[A-Z]+$/),
      email: z.email(),
      id: z.uuid(),
      site: z.url(),
      when: z.iso.datetime(),
      day: z.iso.date(),
      count: z.number().int().min(1).max(10),
      price: z.number().multipleOf(0.01),
      step: z.number().multipleOf(5),
      above: z.number().gt(0),
      list: z.array(z.string()).min(1).max(2),
      pick: z.enum(['a', 'b']),
      either: z.union([z.literal(1), z.literal('one')]),
      map: z.record(z.string().regex(/^k/), z.string()),
      ok: z.string().refine((value) => value === 'ok'),
    });
    const result = schema.safeParse(
      {
        name: 'a'.repeat(9),
        code: '1',
        pattern: 'lower',
        email: 'nope',
        id: 'nope',
        site: 'nope',
        when: 'nope',
        day: '2025-1-1',
        count: 1.5,
        price: 1.234,
        step: 7,
        above: 0,
        list: ['a', 'b', 'c'],
        pick: 'c',
        either: 2,
        map: { x: 'y' },
        ok: 'no',
        extra: true,
      },
      { reportInput: true },
    );
    expect(result.success).toBe(false);
    const codes = new Set(result.error?.issues.map((issue) => issue.code));
    for (const code of [
      'too_big',
      'too_small',
      'invalid_format',
      'invalid_type',
      'not_multiple_of',
      'invalid_value',
      'invalid_union',
      'invalid_key',
      'custom',
      'unrecognized_keys',
    ])
      expect(codes).toContain(code);
    for (const language of LANGUAGES) {
      const fields = describeIssues(result.error?.issues ?? [], 'body', language);
      for (const field of fields) expect(problemsOf(field.message, language), `${language} ${field.path}: ${field.message}`).toEqual([]);
    }
    const en = Object.fromEntries(describeIssues(result.error?.issues ?? [], 'body', 'en').map((field) => [field.path, field.message]));
    expect(en['body.name']).toBe('Please use at most 5 characters.');
    expect(en['body.code']).toBe('Please enter exactly 6 characters.');
    expect(en['body.price']).toBe('Please use at most 2 decimal places.');
    expect(en['body.step']).toBe('Please enter a multiple of 5.');
    expect(en['body.above']).toBe('Please enter more than 0.');
    expect(en['body.list']).toBe('Please add no more than 2.');
    expect(en['body.email']).toBe('Please enter a valid email address.');
  });

  it('tells a missing value from a wrong one, and keeps the path and code as data', () => {
    const schema = z.object({ amount: z.string(), note: z.string() });
    const result = schema.safeParse({ note: 5 }, { reportInput: true });
    expect(describeIssues(result.error?.issues ?? [], 'body', 'ko')).toEqual([
      { path: 'body.amount', code: 'invalid_type', message: '필수 입력 항목입니다.' },
      { path: 'body.note', code: 'invalid_type', message: '문자로 입력해 주세요.' },
    ]);
  });

  it('keeps the catalogue text of a schema that names an error code', () => {
    const result = contract.withdrawalBodySchema.safeParse(
      { network: 'TRON', address: ' ', amount: '1', code: '123456', paymentPassword: '123456' },
      { reportInput: true },
    );
    expect(describeIssues(result.error?.issues ?? [], 'body', 'ja')).toContainEqual({
      path: 'body.address',
      code: 'ADDRESS_REQUIRED',
      message: contract.ERRORS.ADDRESS_REQUIRED.message.ja,
    });
  });
});

describe('the request validator', () => {
  const validate = (schema: z.ZodType, data: unknown) =>
    validatorCompiler({ schema, method: 'GET', url: '/x', httpPart: 'querystring' } as never)(data) as {
      value?: unknown;
      error?: RequestValidationError;
    };

  it("gives a valid input's parsed value, coerced and with its defaults", () => {
    expect(validate(contract.recordsQuerySchema, { limit: '30' })).toEqual({ value: { limit: 30 } });
    expect(validate(contract.recordsQuerySchema, {})).toEqual({ value: { limit: 20 } });
  });

  it("refuses an invalid one with zod's issues and the input each was about, a missing value told from a wrong one", () => {
    const schema = z.object({ limit: z.coerce.number().int().max(50), cursor: z.string() });
    const { error } = validate(schema, { limit: '500' });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error?.issues.map((issue) => [issue.path.join('.'), issue.input])).toEqual([
      ['limit', 500],
      ['cursor', undefined],
    ]);
    expect(error?.issues.map((issue) => 'input' in issue)).toEqual([true, true]);
  });
});
