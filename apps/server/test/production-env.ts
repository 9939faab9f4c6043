/**
 * The least a production configuration must give (its own secret, a mail server, the payee, TOTP and payment PIN keys);
 * tests of production behaviour start from it.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_SECRET: 'p'.repeat(40),
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  APP_URL: 'https://wallet.example.com',
  PAYEE_ENCRYPTION_KEYS: JSON.stringify({ k1: Buffer.alloc(32, 7).toString('base64') }),
  PAYEE_ENCRYPTION_KEY_ID: 'k1',
  TOTP_ENCRYPTION_KEYS: JSON.stringify({ t1: Buffer.alloc(32, 9).toString('base64') }),
  PAYMENT_PIN_KEYS: JSON.stringify({ p1: Buffer.alloc(32, 5).toString('base64') }),
  PAYMENT_PIN_KEY_ID: 'p1',
  TOTP_ENCRYPTION_KEY_ID: 't1',
  // Production serves the operator console's build; tests of other things run without one (console-app.test.ts sets its own).
  CONSOLE_DIST_DIR: '',
} as const;
