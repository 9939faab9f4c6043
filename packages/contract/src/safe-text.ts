import { z } from 'zod';

/**
 * Text fields the API stores or passes on. PostgreSQL refuses NUL in text ("invalid byte sequence"),
 * and other invisible characters let a name or address look like another one (bidirectional
 * overrides reverse what follows them), break a log line, or a CSV export. The refusal names an error
 * code, so a member reads it as a sentence in their language, never as a pattern.
 */

/** The refusal of a text field with such characters; an error code of INPUT_ERRORS. */
export const TEXT_INVALID_CHARACTERS = 'TEXT_INVALID_CHARACTERS';

function refusedCodePoint(code: number, multiline: boolean): boolean {
  if (code < 0x20) return !(multiline && (code === 0x0a || code === 0x09));
  // DEL and the C1 controls.
  if (code >= 0x7f && code <= 0x9f) return true;
  // Line and paragraph separators: a single line that a reader splits in two.
  if (code === 0x2028 || code === 0x2029) return true;
  // Bidirectional embeddings, overrides and isolates (LRM/RLM marks stay: right-to-left text needs them).
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  // Iterating by code point yields a surrogate only when it is unpaired: not text in any encoding.
  if (code >= 0xd800 && code <= 0xdfff) return true;
  return code === 0xfffe || code === 0xffff;
}

/** Whether `text` holds a character no text field accepts; `multiline` lets line feeds and tabs through. */
export function hasRefusedCharacters(text: string, multiline = false): boolean {
  for (const char of text) {
    if (refusedCodePoint(char.codePointAt(0) ?? 0, multiline)) return true;
  }
  return false;
}

export type SafeTextOptions = {
  /** Leading and trailing spaces are dropped unless the exact text matters (passwords, signatures). */
  trim?: boolean;
  /** An error code of the catalogue for text over the maximum; without one, the length is worded ("at most 60 characters"). */
  tooLong?: string;
  /** An error code for a value that is missing or not text at all. */
  notText?: string;
};

/**
 * A one-line text of at most `max` characters with no control characters. It stays a zod string, so
 * a field adds its own rules after it (`.min(1)`, `.toUpperCase()`, `.regex(…, 'CODE')`).
 */
export function safeText(max: number, { trim = true, tooLong, notText }: SafeTextOptions = {}) {
  const text = z.string(notText);
  const base = trim ? text.trim() : text;
  return base.max(max, tooLong).refine((text) => !hasRefusedCharacters(text), TEXT_INVALID_CHARACTERS);
}

/**
 * Text that may run over several lines (ticket bodies, messages): line feeds and tabs are kept,
 * Windows and old Mac line ends become line feeds, every other control character is refused.
 */
export function safeMultiline(max: number, { trim = true, tooLong, notText }: SafeTextOptions = {}) {
  const lines = z.string(notText).overwrite((text) => text.replace(/\r\n?/g, '\n'));
  const base = trim ? lines.trim() : lines;
  return base.max(max, tooLong).refine((text) => !hasRefusedCharacters(text, true), TEXT_INVALID_CHARACTERS);
}
