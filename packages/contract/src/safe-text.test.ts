import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { LANGUAGES } from './languages';
import { hasRefusedCharacters, safeMultiline, safeText, TEXT_INVALID_CHARACTERS } from './safe-text';

const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('safeText', () => {
  it('keeps ordinary text of every script, emoji sequences and right-to-left marks', () => {
    const schema = safeText(64);
    for (const text of ['Alice', '王小明', '김민수', 'すずき', 'Ünïcødé', '👩‍👩‍👧 family', 'שלום\u200F', 'a\u00A0b']) {
      expect(schema.parse(text)).toBe(text);
    }
  });

  it('trims unless told not to', () => {
    expect(safeText(10).parse('  a b  ')).toBe('a b');
    expect(safeText(10, { trim: false }).parse('  a b  ')).toBe('  a b  ');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['line feed', 'a\nb'],
    ['tab', 'a\tb'],
    ['escape', 'a\u001Bb'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a line separator', 'a\u2028b'],
    ['a right-to-left override', 'a\u202Eb'],
    ['a directional isolate', 'a\u2066b'],
    ['an unpaired surrogate', 'a\uD800b'],
    ['a non-character', 'a\uFFFFb'],
  ])('refuses %s with the catalogue code', (_, text) => {
    expect(refusal(safeText(64).safeParse(text))).toEqual([TEXT_INVALID_CHARACTERS]);
  });

  it('refuses text over its maximum after trimming', () => {
    expect(safeText(3).safeParse(' abc ').success).toBe(true);
    const result = safeText(3).safeParse('abcd');
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 3 });
  });

  it('stays a string schema a field adds its own rules to', () => {
    const code = safeText(16).min(1).toUpperCase();
    expect(code.parse(' ab12 ')).toBe('AB12');
    expect(code.safeParse('').success).toBe(false);
  });

  it('names a code the catalogue words in every language', () => {
    for (const language of LANGUAGES) expect(ERRORS[TEXT_INVALID_CHARACTERS].message[language]).toMatch(/\S/);
    expect(ERRORS[TEXT_INVALID_CHARACTERS].status).toBe(400);
  });
});

describe('safeMultiline', () => {
  it('keeps line feeds and tabs and makes every line end a line feed', () => {
    expect(safeMultiline(100).parse('one\r\ntwo\rthree\n\tfour')).toBe('one\ntwo\nthree\n\tfour');
  });

  it('refuses the other control characters', () => {
    for (const text of ['a\u0000b', 'a\u000Bb', 'a\u000Cb', 'a\u001Bb', 'a\u202Eb']) {
      expect(refusal(safeMultiline(100).safeParse(text))).toEqual([TEXT_INVALID_CHARACTERS]);
    }
  });

  it('counts the maximum on the normalised text', () => {
    expect(safeMultiline(3).safeParse('a\r\nb').success).toBe(true);
    expect(safeMultiline(3).safeParse('abcd').success).toBe(false);
  });
});

describe('hasRefusedCharacters', () => {
  it('lets a paired surrogate (one emoji) through and an unpaired one not', () => {
    expect(hasRefusedCharacters('😀')).toBe(false);
    expect(hasRefusedCharacters('😀'.slice(0, 1))).toBe(true);
  });
});
