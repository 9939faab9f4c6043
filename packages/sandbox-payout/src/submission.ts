import type { Payee, Payout, PayoutMethod } from './store';

/** The caller's order id: also the Idempotency-Key, so it must survive a header unchanged. */
export const ORDER_ID = /^[A-Za-z0-9:_-]{8,100}$/;

/** CNY amounts as decimal strings; the sandbox never adds them, so strings are all it needs (no floats). */
const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

export interface Submission {
  id: string;
  /** Normalised to exactly 2 decimals, so "687.5" and "687.50" are the same request. */
  amount: string;
  method: PayoutMethod;
  payee: Payee;
}

type Parsed = { ok: true; submission: Submission } | { ok: false; message: string };

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : null;
};

export function normaliseAmount(value: unknown): string | null {
  if (typeof value !== 'string' || !AMOUNT.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const amount = `${whole}.${fraction.padEnd(2, '0')}`;
  return amount === '0.00' ? null : amount;
}

/** The body of `POST /v1/payouts`, or what is wrong with it (fields it does not know are ignored). */
export function parseSubmission(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'body must be a JSON object' };
  const given = body as Record<string, unknown>;
  if (typeof given.id !== 'string' || !ORDER_ID.test(given.id))
    return { ok: false, message: 'id must be 8 to 100 letters, digits, ":", "_" or "-"' };
  const amount = normaliseAmount(given.amount);
  if (amount === null) return { ok: false, message: 'amount must be a positive decimal string with at most 2 decimals' };
  if (given.currency !== 'CNY') return { ok: false, message: 'currency must be CNY' };
  const method = given.method;
  if (method !== 'alipay' && method !== 'bank') return { ok: false, message: 'method must be alipay or bank' };
  const payee = given.payee;
  if (typeof payee !== 'object' || payee === null || Array.isArray(payee)) return { ok: false, message: 'payee must be an object' };
  const fields = payee as Record<string, unknown>;
  const name = text(fields.name, 100);
  if (name === null) return { ok: false, message: 'payee.name is required (at most 100 characters)' };
  const idNumber = text(fields.idNumber, 40);
  if (idNumber === null) return { ok: false, message: 'payee.idNumber is required (at most 40 characters)' };
  const account = text(fields.account, 100);
  if (account === null) return { ok: false, message: 'payee.account is required (at most 100 characters)' };
  if (method === 'alipay')
    return { ok: true, submission: { id: given.id, amount, method, payee: { name, idNumber, account, bankName: null, phone: null } } };
  const bankName = text(fields.bankName, 100);
  if (bankName === null) return { ok: false, message: 'payee.bankName is required for bank payouts (at most 100 characters)' };
  const phone = text(fields.phone, 30);
  if (phone === null) return { ok: false, message: 'payee.phone is required for bank payouts (at most 30 characters)' };
  return { ok: true, submission: { id: given.id, amount, method, payee: { name, idNumber, account, bankName, phone } } };
}

/** A repeat under the same key must ask for the same payment to the same person; anything else is a different order. */
export function sameRequest(payout: Payout, submission: Submission): boolean {
  const [a, b] = [payout.payee, submission.payee];
  return (
    payout.amount === submission.amount &&
    payout.method === submission.method &&
    a.account === b.account &&
    a.name === b.name &&
    a.idNumber === b.idNumber &&
    a.bankName === b.bankName &&
    a.phone === b.phone
  );
}
