import { LANGUAGES, type Language } from '@wallet/contract';
import type { RuleObject } from 'rc-field-form/es/interface';
import { validateRules } from 'rc-field-form/es/utils/validateUtil';
import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES, VALIDATE_MESSAGES } from './all-languages';

const ALLOWED = /\b(USDT|TRON|BSC|UID|KYC|PIN|CVV)\b/g;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(texts) : [];
}

/** What an antd-mobile Form shows for one failing rule, with the messages the app gives the library. */
async function shown(language: Language, rule: RuleObject, value: unknown): Promise<string[]> {
  const messages = ANTD_LOCALES[language].Form.defaultValidateMessages;
  const label = 'Cardholder first name (English letters)';
  try {
    await validateRules(['firstName'], value, [rule], { validateMessages: messages }, false, { label });
    return [];
  } catch (errors) {
    return (errors as Array<{ errors: string[] }>).flatMap((e) => e.errors);
  }
}

describe('form rule messages', () => {
  it.each(LANGUAGES)('in %s name no pattern, no label and no placeholder but limits', (language) => {
    for (const text of texts(VALIDATE_MESSAGES[language])) {
      expect(text).not.toMatch(/\$\{(?!len\}|min\}|max\})/);
      expect(text).not.toMatch(/pattern|\$\{label\}/);
      if (language !== 'en') expect(text.replace(ALLOWED, '')).not.toMatch(/[A-Za-z]{4,}/);
    }
  });

  it.each(LANGUAGES)('are what a Form shows in %s for rules without a message', async (language) => {
    const failures = [
      ...(await shown(language, { required: true }, '')),
      ...(await shown(language, { pattern: /^[A-Za-z][A-Za-z .'-]*$/ }, '张')),
      ...(await shown(language, { pattern: /^\d{4}-\d{2}-\d{2}$/ }, '2025/1/1')),
      ...(await shown(language, { max: 64 }, 'x'.repeat(65))),
      ...(await shown(language, { type: 'email' }, 'nope')),
    ];
    expect(failures).toHaveLength(5);
    for (const text of failures) {
      expect(text).not.toMatch(/\/\^|\$\/|\\d|pattern|Cardholder|\$\{/);
      if (language !== 'en') expect(text.replace(ALLOWED, '')).not.toMatch(/[A-Za-z]{4,}/);
    }
    expect(failures[3]).toContain('64');
  });

  it('words Korean without a particle glued to a label', async () => {
    expect(await shown('ko', { required: true }, '')).toEqual(['필수 입력 항목입니다.']);
  });
});
