import { ERROR_CODES, ERRORS, LANGUAGES, zodIssueText } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES, ANTD_OWN_LOCALES } from './all-languages';
import { CATALOGUES } from './catalogues';
import { FIRST_SCREEN_TEXTS, pickTexts } from './first-screen-sections';
import { antdLocale, languagePack, loadLanguagePack, loadWholeLanguage } from './packs';

describe('language packs', () => {
  it.each(LANGUAGES)(
    "carry the first screen's texts of %s, and only that language; the rest of it (every page's texts, the error messages) comes apart",
    async (language) => {
      const pack = await loadLanguagePack(language);
      // Cut at build time (build/first-catalogue.ts): the first screen's texts, word for word, and nothing else.
      expect(pack.catalogue).toEqual(pickTexts(CATALOGUES[language], FIRST_SCREEN_TEXTS));
      expect(pack.catalogue.release).toEqual({
        offline: CATALOGUES[language].release.offline,
        prompt: CATALOGUES[language].release.prompt,
      });
      expect(pack.catalogue.home).toEqual(CATALOGUES[language].home);
      // antd-mobile's own texts come first; with our form messages, and the issue texts, with the rest.
      expect(pack.antd).toBe(ANTD_OWN_LOCALES[language]);
      // The rest of the language: every page's texts, and the contract's messages, made per language at
      // build time (build/contract-texts.ts), which are the server's own.
      const whole = await loadWholeLanguage(language);
      expect(whole.catalogue).toBe(CATALOGUES[language]);
      expect(Object.keys(whole.errors).sort()).toEqual([...ERROR_CODES].sort());
      for (const code of ERROR_CODES) expect(whole.errors[code]).toBe(ERRORS[code].message[language]);
      const issue = { code: 'too_big', origin: 'string', maximum: 64, input: 'x' };
      expect(antdLocale(language)).toEqual(ANTD_LOCALES[language]);
      expect(antdLocale(language)).toBe(antdLocale(language));
      expect(whole.issues.textAtMost('64')).toBe(zodIssueText(issue, language));
    },
  );

  it('are loaded once and then read without waiting', async () => {
    const first = await loadLanguagePack('ko');
    expect(await loadLanguagePack('ko')).toBe(first);
    expect(languagePack('ko')).toBe(first);
  });
});

describe("the first screen's texts", () => {
  it('are cut by path, whole sections and parts of sections nested as in the catalogue', () => {
    const catalogue = { a: { x: 1, y: { z: 2, w: 3 } }, b: { v: 4 }, c: 5 };
    expect(pickTexts(catalogue, ['a.y.z', 'b', 'a.x'])).toEqual({ a: { y: { z: 2 }, x: 1 }, b: { v: 4 } });
    expect(() => pickTexts(catalogue, ['a.q'])).toThrow('the catalogue has no a.q');
  });
});
