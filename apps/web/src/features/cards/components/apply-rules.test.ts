import { LANGUAGES, type Language } from '@wallet/contract';
import { validateRules } from 'rc-field-form/es/utils/validateUtil';
import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES } from '../../../lib/i18n/all-languages';
import { CATALOGUES } from '../../../lib/i18n/catalogues';
import { type ApplyField, applyRules } from './apply-rules';

const rulesIn = (language: Language) => applyRules((key) => CATALOGUES[language].cardPack.apply.issues[key]);

/** What the opening form shows under `field` for `value`, with the messages the app gives antd-mobile's Form. */
async function shown(language: Language, field: ApplyField, value: unknown): Promise<string[]> {
  const messages = ANTD_LOCALES[language].Form.defaultValidateMessages;
  const label = CATALOGUES[language].cards.apply.firstName;
  try {
    await validateRules([field], value, rulesIn(language)[field], { validateMessages: messages }, false, { label });
    return [];
  } catch (errors) {
    return (errors as Array<{ errors: string[] }>).flatMap((e) => e.errors);
  }
}

describe('the card opening form', () => {
  it.each(LANGUAGES)('in %s says what is wrong with the name, never the pattern', async (language) => {
    const issues = CATALOGUES[language].cardPack.apply.issues;
    expect(await shown(language, 'firstName', '张')).toEqual([issues.firstNameLetters]);
    expect(await shown(language, 'lastName', '김')).toEqual([issues.lastNameLetters]);
    expect(await shown(language, 'firstName', 'Tai Man')).toEqual([]);
    expect(await shown(language, 'lastName', "O'Brien-Smith")).toEqual([]);
  });

  it.each(LANGUAGES)('in %s asks for each empty field by its own sentence', async (language) => {
    const fields = ['firstName', 'lastName', 'recipient', 'phone', 'postalCode', 'city', 'address', 'paymentPassword'] as const;
    const said = [];
    for (const field of fields) said.push(...(await shown(language, field, '')));
    expect(said).toHaveLength(fields.length);
    expect(new Set(said).size).toBe(fields.length);
    expect(said).not.toContain(CATALOGUES[language].amountInput.required);
    expect(await shown(language, 'district', '')).toEqual([]);
  });

  it.each(LANGUAGES)('in %s refuses a malformed phone and a short payment password with their own sentences', async (language) => {
    const issues = CATALOGUES[language].cardPack.apply.issues;
    expect(await shown(language, 'phone', '9123 4567')).toEqual([issues.phone]);
    expect(await shown(language, 'phoneAreaCode', '852a')).toEqual([issues.phoneAreaCode]);
    expect(await shown(language, 'paymentPassword', '1234')).toEqual([issues.paymentPassword]);
    expect(await shown(language, 'address', 'ab')).toEqual([issues.address]);
  });

  it('has a placeholder for every field in every language', () => {
    for (const language of LANGUAGES) {
      const placeholders = CATALOGUES[language].cardPack.apply.placeholders;
      for (const text of Object.values(placeholders)) expect(text.trim()).not.toBe('');
      for (const text of Object.values(CATALOGUES[language].cardPack.apply.issues)) expect(text).not.toMatch(/\/\^|\$\/|pattern/i);
    }
  });
});
