export const LANGUAGES = ['zh', 'en', 'ko', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The app launches in English (PRODUCT_SPEC.md section 9); servers answer in English when unsure. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The same text in every language: the type makes a missing translation a compile error. */
export type Translated = Readonly<Record<Language, string>>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks our language from an Accept-Language style header ("ko-KR,ko;q=0.9,en;q=0.8")
 * or a bare tag ("ja"). Quality weights are honoured; unknown tags fall back to English.
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    if (isLanguage(entry.base)) return entry.base;
  }
  return DEFAULT_LANGUAGE;
}
