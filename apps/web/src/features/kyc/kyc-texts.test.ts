import { LANGUAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../lib/i18n/catalogues';

describe('KYC texts', () => {
  it.each(LANGUAGES)('in %s, the missing expiry date names the switch by its label', (language) => {
    const kyc = CATALOGUES[language].kyc;
    expect(kyc.issues.expiryDate).toContain(kyc.help.noExpiry);
  });
});
