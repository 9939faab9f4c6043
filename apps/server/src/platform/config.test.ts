import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../test/production-env';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.NODE_ENV).toBe('development');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(config.API_SERVERS).toEqual({});
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('reports every bad variable by name with a reason', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', API_SERVERS: '{nope' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT: must be a whole number');
    expect(problems).toContain('NODE_ENV: must be development, production or test');
    expect(problems).toContain('DATABASE_URL: must be a postgres://');
    expect(problems).toContain('LOG_LEVEL: must be a pino level');
    expect(problems).toContain('API_SERVERS: must be JSON');
  });

  it('rejects ports out of range and unknown server regions', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
    expect(() => loadConfig({ API_SERVERS: '{"US":"https://us.example.com"}' })).toThrow(/API_SERVERS/);
    expect(loadConfig({ API_SERVERS: '{"KR":"https://kr.example.com"}' }).API_SERVERS).toEqual({ KR: 'https://kr.example.com' });
  });
});

describe('production', () => {
  it('requires its own secret and a mail server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /APP_SECRET: is required in production[\s\S]*SMTP_URL: is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYEE_ENCRYPTION_KEYS: is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PIN_KEYS: is required in production/);
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.APP_SECRET).toBe(PRODUCTION_ENV.APP_SECRET);
    expect(config.PAYOUT_PARTNER).toBe('none');
  });
  it('gives development a fixed secret so a fresh clone runs', () => {
    expect(loadConfig({}).APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
  });
});

describe('payout', () => {
  it('seals payees with a development key unless given keys, and the current key must be one of them', () => {
    expect(loadConfig({}).PAYEE_ENCRYPTION_KEY_ID).toBe('dev1');
    expect(() => loadConfig({ PAYEE_ENCRYPTION_KEYS: '{"a":"short"}', PAYEE_ENCRYPTION_KEY_ID: 'a' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ PAYEE_ENCRYPTION_KEYS: PRODUCTION_ENV.PAYEE_ENCRYPTION_KEYS, PAYEE_ENCRYPTION_KEY_ID: 'k9' })).toThrow(
      /PAYEE_ENCRYPTION_KEY_ID: must name one of PAYEE_ENCRYPTION_KEYS/,
    );
  });
  it('runs the sandbox partner in development, a real one from PAYOUT_URL, and refuses the sandbox secrets with it in production', () => {
    expect(loadConfig({}).PAYOUT_PARTNER).toBe('sandbox');
    expect(loadConfig({ PAYOUT_PARTNER: 'none' }).PAYOUT_PARTNER).toBe('none');
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYOUT_URL: 'https://payouts.example.com' })).toThrow(
      /PAYOUT_WEBHOOK_SECRET: must be set[\s\S]*PAYOUT_API_KEY: must be set/,
    );
    const real = loadConfig({
      ...PRODUCTION_ENV,
      PAYOUT_URL: 'https://payouts.example.com',
      PAYOUT_WEBHOOK_SECRET: 'w'.repeat(32),
      PAYOUT_API_KEY: 'k'.repeat(32),
    });
    expect(real.PAYOUT_PARTNER).toBe('http');
  });
});

describe('payment pins', () => {
  it('key payment passwords with a development key unless given keys, and the current key must be one of them', () => {
    expect(loadConfig({}).PAYMENT_PIN_KEY_ID).toBe('dev1');
    expect(() => loadConfig({ PAYMENT_PIN_KEYS: '{"a":"short"}', PAYMENT_PIN_KEY_ID: 'a' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ PAYMENT_PIN_KEYS: PRODUCTION_ENV.PAYMENT_PIN_KEYS, PAYMENT_PIN_KEY_ID: 'p9' })).toThrow(
      /PAYMENT_PIN_KEY_ID: must name one of PAYMENT_PIN_KEYS/,
    );
    expect(loadConfig(PRODUCTION_ENV).PAYMENT_PIN_KEY_ID).toBe('p1');
  });
});

describe('demo data', () => {
  it('is on in development, off in tests and production, and refused in production', () => {
    expect(loadConfig({}).DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_ENV, DEMO_DATA: 'true' })).toThrow(/DEMO_DATA: cannot be true in production/);
  });
});
