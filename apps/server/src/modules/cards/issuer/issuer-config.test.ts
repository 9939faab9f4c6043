import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../../../test/production-env';
import { loadConfig } from '../../../platform/config';

const PRODUCTION = PRODUCTION_ENV;

describe('issuer configuration', () => {
  it('refuses a real issuer in production with the sandbox secrets, which are public', () => {
    expect(() => loadConfig({ ...PRODUCTION, ISSUER_URL: 'https://issuer.example.com' })).toThrow(
      /ISSUER_WEBHOOK_SECRET: must be set[\s\S]*ISSUER_API_KEY: must be set/,
    );
    const config = loadConfig({
      ...PRODUCTION,
      ISSUER_URL: 'https://issuer.example.com',
      ISSUER_WEBHOOK_SECRET: 'w'.repeat(32),
      ISSUER_API_KEY: 'k'.repeat(32),
    });
    expect(config.ISSUER_URL).toBe('https://issuer.example.com');
  });

  it('runs the sandbox (any free port) in development without ISSUER_URL', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.ISSUER_URL).toBeUndefined();
    expect(config.SANDBOX_ISSUER_PORT).toBe(0);
  });
});
