import { CARD_CONTROL_CATEGORIES, DECLINE_REASONS, LANGUAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../lib/i18n/catalogues';

/** Every decline reason the server can record, and every category the page offers, has its words in each language. */
describe('card controls texts', () => {
  it.each(LANGUAGES)('names every decline reason in the card_declined notification (%s)', (language) => {
    const reasons = CATALOGUES[language].notifications.reasons as Record<string, string>;
    for (const reason of DECLINE_REASONS) expect(reasons[reason], `${language}: ${reason}`).toBeTruthy();
  });

  it.each(LANGUAGES)('names every merchant category group (%s)', (language) => {
    const names = CATALOGUES[language].cardControls.categories as Record<string, string>;
    for (const category of CARD_CONTROL_CATEGORIES) expect(names[category], `${language}: ${category}`).toBeTruthy();
    // Distinct names: two chips reading the same would hide which one is blocked.
    expect(new Set(CARD_CONTROL_CATEGORIES.map((c) => names[c])).size).toBe(CARD_CONTROL_CATEGORIES.length);
  });
});
