import { ERROR_CODES, ERRORS, LANGUAGES, zodIssueText } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES } from './all-languages';
import { CATALOGUES } from './catalogues';
import { languagePack, loadLanguagePack } from './packs';

describe('language packs', () => {
  it.each(LANGUAGES)('carry every text of %s the app shows, and only that language', async (language) => {
    const pack = await loadLanguagePack(language);
    expect(pack.catalogue).toBe(CATALOGUES[language]);
    expect(pack.antd).toEqual(ANTD_LOCALES[language]);
    // The contract's messages, made per language at build time (build/contract-texts.ts), are the server's own.
    expect(Object.keys(pack.errors).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(pack.errors[code]).toBe(ERRORS[code].message[language]);
    const issue = { code: 'too_big', origin: 'string', maximum: 64, input: 'x' };
    expect(pack.issues.textAtMost('64')).toBe(zodIssueText(issue, language));
  });

  it('are loaded once and then read without waiting', async () => {
    const first = await loadLanguagePack('ko');
    expect(await loadLanguagePack('ko')).toBe(first);
    expect(languagePack('ko')).toBe(first);
  });
});
