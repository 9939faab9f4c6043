import type { Translated } from './languages';

export type ErrorSpec = { readonly status: number; readonly message: Translated };

/** One error: its HTTP status and its message in every language (the argument order is en, zh, ko, ja). */
export const e = (status: number, en: string, zh: string, ko: string, ja: string): ErrorSpec => ({
  status,
  message: { en, zh, ko, ja },
});
