import { CURRENCY_CODES, LANGUAGES, NETWORK_CODES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './catalogues';

type Tree = { readonly [key: string]: string | Tree };

/** Dotted key -> text, e.g. 'home.assets.title' -> 'Supported assets'. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const source = flatten(CATALOGUES.en);

describe('translation catalogues', () => {
  it('the English source has texts', () => {
    expect(source.size).toBeGreaterThan(0);
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const catalogue = flatten(CATALOGUES[language]);

      it('has every key of en and no other', () => {
        const missing = [...source.keys()].filter((key) => !catalogue.has(key));
        const extra = [...catalogue.keys()].filter((key) => !source.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has no empty or non-string texts', () => {
        const bad = [...catalogue].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
        expect(bad).toEqual([]);
      });

      it('uses the same {{placeholders}} as en', () => {
        const mismatched = [...source]
          .filter(([key, text]) => {
            const translated = catalogue.get(key);
            return typeof translated === 'string' && placeholders(String(text)).join() !== placeholders(translated).join();
          })
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      });
    });
  }

  it('names every currency and network of the contract', () => {
    expect(Object.keys(CATALOGUES.en.currency).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(Object.keys(CATALOGUES.en.network).sort()).toEqual([...NETWORK_CODES].sort());
  });
});
