import { createHmac } from 'node:crypto';
import type { PayeeKind } from '@wallet/contract';
import type { PayoutDeps } from './deps';
import * as q from './payee-queries';

/**
 * The fingerprint of a payee's account (payees.account_fingerprint): the same account saved by two
 * members is an abuse signal of the invitation programme (rewards/abuse). An HMAC under APP_SECRET,
 * not a plain hash: a bank card or phone number has too few possibilities to hide behind SHA-256,
 * and without the server's secret the column tells nothing. Spaces, case and the way a number is
 * written do not change it: an email is compared lowercased, anything else by its digits.
 */
export function payeeAccountFingerprint(secret: string, kind: PayeeKind, account: string): Buffer {
  const trimmed = account.normalize('NFKC').trim();
  const normalised = trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/\D/g, '');
  return createHmac('sha256', secret).update(`payee-account\0${kind}\0${normalised}`, 'utf8').digest();
}

/**
 * Fingerprints live payees saved before fingerprints were written, by opening their sealed account.
 * Idempotent: a payee saved or changed meanwhile keeps the fingerprint its save wrote. A payee whose
 * key is no longer configured cannot be opened (nor paid to) and is left as it is. Returns how many
 * it fingerprinted.
 */
export async function fingerprintPayees(deps: Pick<PayoutDeps, 'db' | 'box' | 'secret' | 'log'>, batch = 500): Promise<number> {
  let total = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await q.unfingerprinted(deps.db, after, batch);
    if (rows.length === 0) return total;
    for (const row of rows) {
      let account: string;
      try {
        account = (JSON.parse(deps.box.open(row.key_id, row.secret, `payee:${row.id}`)) as { account: string }).account;
      } catch (err) {
        deps.log.warn({ err, payeeId: row.id }, 'payee cannot be opened: left without a fingerprint');
        continue;
      }
      total += await q.setFingerprint(deps.db, row.id, row.key_id, payeeAccountFingerprint(deps.secret, row.kind, account));
    }
    after = rows.at(-1)?.id ?? null;
  }
}
