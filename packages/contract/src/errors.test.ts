import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS } from './errors';
import { LANGUAGES } from './languages';

describe('error catalogue', () => {
  it('gives every code a non-empty message in every language', () => {
    for (const code of ERROR_CODES) {
      for (const language of LANGUAGES) {
        expect(ERRORS[code].message[language]?.trim(), `${code} in ${language}`).toBeTruthy();
      }
    }
  });

  it('uses stable SCREAMING_SNAKE codes with HTTP error statuses', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
      expect(ERRORS[code].status).toBeLessThan(600);
    }
  });

  it('does not reuse an English message for two codes', () => {
    const messages = ERROR_CODES.map((code) => ERRORS[code].message.en);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('translates rather than copies the English text', () => {
    for (const code of ERROR_CODES) {
      for (const language of ['zh', 'ko', 'ja'] as const) {
        expect(ERRORS[code].message[language], `${code} in ${language}`).not.toBe(ERRORS[code].message.en);
      }
    }
  });
});
