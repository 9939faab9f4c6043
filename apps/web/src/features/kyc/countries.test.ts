import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, searchCountries } from './countries';

describe('the country list of the KYC form', () => {
  it('names every ISO country in the member language, with the numeric code the contract sends', () => {
    const zh = countryOptions('zh');
    expect(zh.length).toBeGreaterThan(240);
    expect(zh.find((c) => c.numeric === '344')?.name).toBe('香港');
    expect(countryName('410', 'ko')).toBe('대한민국');
    expect(countryName('392', 'ja')).toBe('日本');
    expect(countryName('344', 'en')).toBe('Hong Kong');
    expect(countryName('999', 'en')).toBeUndefined();
    expect(zh.every((c) => /^\d{3}$/.test(c.numeric))).toBe(true);
  });

  it('sorts names as the language does', () => {
    const en = countryOptions('en').map((c) => c.name);
    expect(en[0]).toBe('Afghanistan');
    expect(en.indexOf('Japan')).toBeLessThan(en.indexOf('Kenya'));
  });

  it('finds a country by its name in the member language, in English, or by code', () => {
    expect(searchCountries(countryOptions('zh'), '香港')[0]?.numeric).toBe('344');
    expect(searchCountries(countryOptions('ko'), '대한')[0]?.numeric).toBe('410');
    expect(searchCountries(countryOptions('ja'), '日本')[0]?.numeric).toBe('392');
    expect(searchCountries(countryOptions('zh'), 'hong kong')[0]?.numeric).toBe('344');
    expect(searchCountries(countryOptions('en'), 'korea').map((c) => c.numeric)).toEqual(expect.arrayContaining(['410', '408']));
    expect(searchCountries(countryOptions('en'), 'HKG')[0]?.numeric).toBe('344');
    expect(searchCountries(countryOptions('en'), '344')[0]?.numeric).toBe('344');
    // Accents and case do not matter: "cote d'ivoire" finds Côte d'Ivoire.
    expect(searchCountries(countryOptions('en'), "cote d'ivoire")[0]?.numeric).toBe('384');
  });

  it('puts names that start with the query before names that merely contain it', () => {
    const found = searchCountries(countryOptions('en'), 'guinea').map((c) => c.name);
    expect(found[0]).toMatch(/^Guinea/);
    expect(found).toContain('Papua New Guinea');
    expect(found.indexOf('Papua New Guinea')).toBeGreaterThan(found.indexOf('Guinea'));
  });

  it('lists everything for an empty query and nothing for nonsense', () => {
    expect(searchCountries(countryOptions('en'), '  ')).toHaveLength(countryOptions('en').length);
    expect(searchCountries(countryOptions('en'), 'zzzz')).toEqual([]);
  });
});
