import * as contract from '@wallet/contract';
import {
  changePasswordBodySchema,
  emailSchema,
  LANGUAGES,
  type Language,
  registerBodySchema,
  updateProfileBodySchema,
} from '@wallet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { checkForm, type FormSchema, fieldSchema, serverFieldIssues, textValues } from './form-issues';
import { loadLanguagePack, loadWholeLanguage } from './i18n/packs';

// The app loads one language at a time; these checks compare all four. A form is on a page other than
// home, which draws only once the rest of its language (error messages included) is in.
beforeAll(async () => {
  await Promise.all(LANGUAGES.flatMap((language) => [loadLanguagePack(language), loadWholeLanguage(language)]));
});

const generic = { required: 'REQUIRED', tooLong: 'TOO_LONG', invalid: 'INVALID' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('checking forms with the contract schemas', () => {
  it('shows the catalogue message of a refinement next to its field, in the language asked for', () => {
    const result = checkForm(
      registerBodySchema,
      { email: 'a@example.com', code: '123456', password: 'abc12345', confirmPassword: 'abc123456', network: 'TRON', address: TRON },
      'ko',
      generic,
    );
    expect(result).toEqual({ ok: false, issues: [{ field: 'confirmPassword', message: '비밀번호가 일치하지 않습니다.' }] });
  });

  it('checks the address against the chosen network', () => {
    const result = checkForm(
      registerBodySchema,
      { email: 'a@example.com', code: '123456', password: 'abc12345', confirmPassword: 'abc12345', network: 'BSC', address: TRON },
      'en',
      generic,
    );
    expect(result.ok ? [] : result.issues).toEqual([{ field: 'address', message: 'This is not a valid address for the chosen network.' }]);
  });

  it('keeps the first issue of each field and words zod’s own checks generically', () => {
    const result = checkForm(
      changePasswordBodySchema,
      { oldPassword: '', password: 'abc12345', confirmPassword: 'abc12345' },
      'en',
      generic,
    );
    expect(result.ok ? [] : result.issues).toEqual([{ field: 'oldPassword', message: 'REQUIRED' }]);
  });

  it('gives the parsed body when all is well', () => {
    expect(checkForm(updateProfileBodySchema, { nickname: ' Ada ' }, 'en', generic)).toEqual({ ok: true, data: { nickname: 'Ada' } });
  });

  it('checks one field alone', () => {
    const result = checkForm(fieldSchema('email', emailSchema), { email: 'nope', code: '' }, 'zh', generic);
    expect(result.ok ? [] : result.issues).toEqual([{ field: 'email', message: '请输入正确的邮箱地址。' }]);
  });
});

describe('server replies', () => {
  it('puts VALIDATION_FAILED fields next to the form fields', () => {
    const error = new ApiError('VALIDATION_FAILED', 'Some fields are not valid.', 400, {
      fields: [{ path: 'body.address', code: 'ADDRESS_INVALID', message: 'Not valid' }],
    });
    expect(serverFieldIssues(error)).toEqual([{ field: 'address', message: 'Not valid' }]);
    expect(serverFieldIssues(new ApiError('LOGIN_FAILED', 'x', 400))).toEqual([]);
  });

  it('reads blank inputs as empty text', () => {
    expect(textValues({ email: undefined, code: '12' }, ['email', 'code'])).toEqual({ email: '', code: '12' });
  });
});

/** Words left untranslated in every language: currencies, networks, card brands and common abbreviations. */
const ALLOWED = /\b(USDT|USDC|TRON|TRC20|BEP20|ERC20|BSC|UID|KYC|PIN|CVV|Visa|Mastercard|Email|Alipay|SWIFT|IBAN|PDF|CSV)\b/gi;

function problemsOf(message: string, language: Language): string[] {
  const problems: string[] = [];
  if (/\/\^|\$\/|\\d|\[A-Z|\[a-z|\[0-9|pattern|regex/i.test(message)) problems.push('regular expression');
  if (/\bbody\.|\b[A-Za-z_]\w*\.[A-Za-z_]\w*|\[\d+\]|[{}"`]/.test(message)) problems.push('path or code');
  if (/expected|received|undefined|Invalid input/i.test(message)) problems.push('zod wording');
  if (language !== 'en' && /[A-Za-z]{4,}/.test(message.replace(ALLOWED, ''))) problems.push('English words');
  return problems;
}

const FORM_SCHEMAS: Array<[string, FormSchema<unknown>]> = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  /(Body|Input)Schema$/.test(name) && value instanceof z.ZodType
    ? [[name, value as FormSchema<unknown>] as [string, FormSchema<unknown>]]
    : [],
);

const GENERIC_BY_LANGUAGE: Record<Language, typeof generic> = {
  en: { required: 'Please fill this in.', tooLong: 'This is too long.', invalid: 'Please check this field.' },
  zh: { required: '请填写此项。', tooLong: '内容过长。', invalid: '请检查此项。' },
  ko: { required: '필수 입력 항목입니다.', tooLong: '너무 깁니다.', invalid: '입력 내용을 확인해 주세요.' },
  ja: { required: '入力してください。', tooLong: '長すぎます。', invalid: '入力内容をご確認ください。' },
};

describe('every form message is a sentence in the person’s language', () => {
  it('covers the contract’s request bodies', () => {
    expect(FORM_SCHEMAS.length).toBeGreaterThan(30);
  });

  it.each(FORM_SCHEMAS)('%s', (_name, schema) => {
    const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
    const each = (value: unknown) => Object.fromEntries(keys.map((key) => [key, value]));
    const failures: string[] = [];
    let shown = 0;
    for (const values of [{}, each(''), each(' '), each(7), each(-1), each('x'.repeat(5000)), each('abc'), each(['x']), null]) {
      for (const language of LANGUAGES) {
        const result = checkForm(schema, values, language, GENERIC_BY_LANGUAGE[language]);
        if (result.ok) continue;
        for (const issue of result.issues) {
          shown += 1;
          const problems = problemsOf(issue.message, language);
          if (problems.length > 0) failures.push(`${language} ${issue.field}: ${problems.join(', ')} in "${issue.message}"`);
        }
      }
    }
    expect(shown).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('words limits, formats and choices from the issue, not from zod', () => {
    const schema = z.object({
      name: z.string().max(64),
      email: z.email(),
      network: z.enum(['TRON', 'BSC']),
      code: z.string().regex(/^\d{6}$/),
    });
    const result = checkForm(schema, { name: 'x'.repeat(65), email: 'nope', network: 'ETH', code: '12' }, 'ko', GENERIC_BY_LANGUAGE.ko);
    expect(result.ok ? [] : result.issues).toEqual([
      { field: 'name', message: '64자 이하로 입력해 주세요.' },
      { field: 'email', message: '올바른 이메일 주소를 입력해 주세요.' },
      { field: 'network', message: '목록에서 선택해 주세요.' },
      { field: 'code', message: '형식이 올바르지 않습니다. 입력한 내용을 확인해 주세요.' },
    ]);
  });
});
