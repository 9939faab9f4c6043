import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../../../test/production-env';
import { loadConfig } from '../../../platform/config';
import { relyingPartyFor } from './relying-party';
import { secondFactorSettings } from './settings';

const request = (origin: string | undefined, host = 'localhost:8080') =>
  ({ headers: origin ? { origin } : {}, protocol: 'http', host }) as unknown as FastifyRequest;

describe('second-factor settings', () => {
  it('production does not start without the keys that seal authenticator secrets', () => {
    const { TOTP_ENCRYPTION_KEYS: _keys, TOTP_ENCRYPTION_KEY_ID: _id, ...rest } = PRODUCTION_ENV;
    expect(() => loadConfig(rest)).toThrow(/TOTP_ENCRYPTION_KEYS: is required in production/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TOTP_ENCRYPTION_KEY_ID: 'nope' })).toThrow(
      /TOTP_ENCRYPTION_KEY_ID: must name one of TOTP_ENCRYPTION_KEYS/,
    );
  });

  it('binds passkeys to APP_URL in production, whatever origin a request claims', () => {
    const settings = secondFactorSettings(loadConfig({ ...PRODUCTION_ENV }));
    expect(relyingPartyFor(settings.relyingParty, request('https://evil.example'))).toEqual({
      rpId: 'wallet.example.com',
      origin: 'https://wallet.example.com',
    });
  });

  it("takes the page's own origin in development", () => {
    const settings = secondFactorSettings(loadConfig({ NODE_ENV: 'development' }));
    expect(relyingPartyFor(settings.relyingParty, request('http://localhost:5173'))).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:5173',
    });
    expect(relyingPartyFor(settings.relyingParty, request(undefined, '127.0.0.1:8080'))).toEqual({
      rpId: '127.0.0.1',
      origin: 'http://127.0.0.1:8080',
    });
  });

  it('seals a secret so it opens only for its member', () => {
    const { box } = secondFactorSettings(loadConfig({ NODE_ENV: 'test' }));
    const { keyId, sealed } = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'totp:a');
    expect(box.open(keyId, sealed, 'totp:a')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => box.open(keyId, sealed, 'totp:b')).toThrow();
  });
});
