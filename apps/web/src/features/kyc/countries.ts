import type { Language } from '@wallet/contract';
import countries from 'i18n-iso-countries';
// Only the app's four languages, bundled with the KYC screens: nothing is fetched from elsewhere.
import en from 'i18n-iso-countries/langs/en.json';
import ja from 'i18n-iso-countries/langs/ja.json';
import ko from 'i18n-iso-countries/langs/ko.json';
import zh from 'i18n-iso-countries/langs/zh.json';

for (const locale of [en, zh, ko, ja]) countries.registerLocale(locale);

/** One country or region as the picker lists it: the ISO 3166 numeric code the contract sends, and its name. */
export type CountryOption = {
  numeric: string;
  alpha2: string;
  alpha3: string;
  name: string;
  /** Every name it goes by in the member's language and in English, folded for searching. */
  terms: string[];
};

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.,'’()-]+/g, ' ')
    .trim();

const namesOf = (alpha2: string, language: string): string[] => {
  const all = countries.getName(alpha2, language, { select: 'all' }) ?? [];
  return Array.isArray(all) ? all : [all];
};

const cache = new Map<Language, CountryOption[]>();

/** Every country and region, named and sorted in the member's language. */
export function countryOptions(language: Language): CountryOption[] {
  const known = cache.get(language);
  if (known) return known;
  const collator = new Intl.Collator(language);
  const list = Object.entries(countries.getNumericCodes())
    .map(([numeric, alpha2]) => {
      const own = namesOf(alpha2, language);
      const english = namesOf(alpha2, 'en');
      const name = own[0] ?? english[0] ?? alpha2;
      return {
        numeric,
        alpha2,
        alpha3: countries.alpha2ToAlpha3(alpha2) ?? '',
        name,
        terms: [...new Set([...own, ...english].map(fold))],
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}

/** The name of a numeric code in the member's language; undefined for a code that names no country. */
export function countryName(numeric: string, language: Language): string | undefined {
  return countryOptions(language).find((c) => c.numeric === numeric)?.name;
}

/**
 * The countries matching what the member typed: a name in their language or in English (any part
 * of it), or an ISO code. Names that start with the query come first, as a member expects.
 */
export function searchCountries(options: CountryOption[], query: string): CountryOption[] {
  const q = fold(query);
  if (q === '') return options;
  const code = query.trim().toUpperCase();
  const rank = (c: CountryOption): number => {
    if (c.alpha2 === code || c.alpha3 === code || c.numeric === code) return 0;
    if (c.terms.some((term) => term.startsWith(q))) return 1;
    if (c.terms.some((term) => term.includes(q))) return 2;
    return 3;
  };
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
}
