import type { Config } from '../../../platform/config';
import { SecretBox } from '../../../platform/secret-box';
import type { SecondFactorSettings } from '../step-up';

/**
 * In production passkeys belong to APP_URL's host and only its origin may use them. Elsewhere the
 * page's own origin is taken per ceremony (localhost, 127.0.0.1, a test's port).
 */
export function secondFactorSettings(
  config: Pick<Config, 'NODE_ENV' | 'APP_URL' | 'TOTP_ENCRYPTION_KEYS' | 'TOTP_ENCRYPTION_KEY_ID'>,
): SecondFactorSettings {
  const production = config.NODE_ENV === 'production';
  const appOrigin = new URL(config.APP_URL).origin;
  return {
    box: new SecretBox(config.TOTP_ENCRYPTION_KEYS, config.TOTP_ENCRYPTION_KEY_ID),
    relyingParty: {
      name: 'SBC Wallet',
      rpId: production ? new URL(appOrigin).hostname : undefined,
      origins: production ? [appOrigin] : undefined,
    },
  };
}
