import { randomBytes } from 'node:crypto';
import { toMinor } from '@wallet/sandbox-issuer';

/**
 * The payout partner's own records: it plays a separate company, so it shares nothing with the app's
 * database. In memory; with a state file (npm start) also on disk, so a restart keeps it (persist.ts).
 */

export type PayoutMethod = 'alipay' | 'bank';
export type PayoutStatus = 'pending' | 'paid' | 'rejected';
export type Outcome = Exclude<PayoutStatus, 'pending'>;

export interface Payee {
  name: string;
  idNumber: string;
  account: string;
  /** Bank payouts only; null for Alipay. */
  bankName: string | null;
  phone: string | null;
}

export interface Payout {
  /** The caller's order id, which is also its Idempotency-Key. */
  id: string;
  /** The partner's own number, as it would appear on a bank statement. */
  reference: string;
  status: PayoutStatus;
  /** CNY with exactly 2 decimals. */
  amount: string;
  currency: 'CNY';
  method: PayoutMethod;
  /** Kept whole because a real partner must pay it; every view shows only the last 4 characters. */
  payee: Payee;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  /** The automatic settlement in force when it was submitted, kept so a restart carries it out; null = someone marks it. */
  autoSettle: { at: string; outcome: Outcome } | null;
}

export interface Delivery {
  at: string;
  status: number | null;
  error: string | null;
}

export type EventType = `payout.${Outcome}`;

export interface PayoutEvent {
  id: string;
  type: EventType;
  created: string;
  data: { payout: PayoutView };
  deliveries: Delivery[];
}

/** What the partner API answers and webhooks carry: no payee, the caller already knows it. */
export type PayoutView = ReturnType<typeof payoutView>;

export const payoutView = (payout: Payout) => ({
  id: payout.id,
  reference: payout.reference,
  status: payout.status,
  amount: payout.amount,
  currency: payout.currency,
  method: payout.method,
  reason: payout.reason,
  createdAt: payout.createdAt,
  updatedAt: payout.updatedAt,
});

/** A fixed-width prefix, so the mask does not tell how long the number is. */
export const lastFour = (value: string | null): string | null =>
  value === null ? null : value.length > 4 ? `****${value.slice(-4)}` : '****';

/** The dev page's view: ID, account and phone numbers by their last 4 characters only. */
export const maskedView = (payout: Payout) => ({
  ...payoutView(payout),
  payee: {
    name: payout.payee.name,
    idNumber: lastFour(payout.payee.idNumber),
    account: lastFour(payout.payee.account),
    bankName: payout.payee.bankName,
    phone: lastFour(payout.payee.phone),
  },
  autoSettle: payout.autoSettle,
});

export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

const REFERENCE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** `PO` and 12 digits or capital letters (the tiny modulo bias does not matter for a sandbox). */
export const newReference = () => `PO${[...randomBytes(12)].map((byte) => REFERENCE_CHARS[byte % REFERENCE_CHARS.length]).join('')}`;

/** Enough history for the dev page; older events are dropped so a long-running sandbox stays small. */
const MAX_EVENTS = 500;

/** One payment the partner made: a payout paid twice has two, with distinct ids and the same reference. */
export interface PayoutPayment {
  id: string;
  /** The caller's order id, the reference it gave with the payout. */
  reference: string;
  /** The partner's own number of the payout. */
  partnerReference: string;
  amount: string;
  currency: 'CNY';
  paidAt: string;
}

/** What the partner starts with in its prefunding account unless told otherwise (CNY). */
export const DEFAULT_PREFUNDING = '1000000';

export class PayoutStore {
  payouts = new Map<string, Payout>();
  events = new Map<string, PayoutEvent>();
  /** Every payment made, in the order made: append-only, so a listing's first pages never change. */
  payments: PayoutPayment[] = [];
  /** What the platform prefunded with the partner, in fen, reduced by every payment. */
  prefundingMinor = toMinor(DEFAULT_PREFUNDING);

  pay(payout: Payout, at: string): PayoutPayment {
    const payment: PayoutPayment = {
      id: newId('pay'),
      reference: payout.id,
      partnerReference: payout.reference,
      amount: payout.amount,
      currency: 'CNY',
      paidAt: at,
    };
    this.payments.push(payment);
    this.prefundingMinor -= toMinor(payout.amount);
    return payment;
  }

  addEvent(event: PayoutEvent) {
    this.events.set(event.id, event);
    for (const id of this.events.keys()) {
      if (this.events.size <= MAX_EVENTS) break;
      this.events.delete(id);
    }
  }
}
