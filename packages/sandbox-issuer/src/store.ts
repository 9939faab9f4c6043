import { randomBytes } from 'node:crypto';

/**
 * The sandbox issuer's own data: it plays a separate company, so it shares nothing with the app's
 * database. In memory; with a state file (npm start) also on disk, so a restart keeps it (persist.ts).
 */

export type KycStatus = 'not_submitted' | 'pending' | 'approved' | 'rejected';
export type CardState = 'pending' | 'open' | 'failed' | 'frozen';
export type ShippingStatus = 'none' | 'produced' | 'shipped' | 'delivered';

export interface Cardholder {
  id: string;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  kycStatus: KycStatus;
  kycReason: string | null;
  kyc: Record<string, unknown> | null;
}

export interface SandboxCard {
  id: string;
  cardholderId: string;
  reference: string;
  type: 'virtual' | 'physical';
  currency: string;
  state: CardState;
  /** Only here: the app gets the number and CVV from the reveal call, never stores them. */
  pan: string | null;
  cvv: string | null;
  expMonth: number | null;
  expYear: number | null;
  pinSet: boolean;
  /** Physical cards: the holder confirmed the number printed on the delivered card. */
  bound?: boolean;
  /** Minor units (cents): the sandbox's own mirror of what the app loaded. */
  balanceMinor: bigint;
  shipping: { status: ShippingStatus; trackingNumber: string | null; address: Record<string, unknown> | null };
  createdAt: string;
}

export interface SandboxAuthorization {
  id: string;
  cardId: string;
  amount: string;
  currency: string;
  merchant: { name: string; mcc: string; country: string };
  /** pos, online (card not present) or atm; absent in older state files. */
  channel?: string;
  approved: boolean;
  reason: string | null;
  timedOut: boolean;
  createdAt: string;
  /** What the approval still holds, what clearings took and refunds gave back (absent in older state files). */
  held?: string;
  settled?: string;
  refunded?: string;
}

export interface SandboxEvent {
  id: string;
  type: string;
  created: string;
  data: Record<string, unknown>;
  deliveries: Array<{ at: string; status: number | null; error: string | null }>;
}

/** A load or unload as taken under the app's Idempotency-Key: what `GET /v1/operations/:key` answers. */
export interface SandboxOperation {
  key: string;
  kind: 'load' | 'unload';
  cardId: string;
  amount: string;
  status: 'succeeded' | 'failed';
  failureCode: string | null;
  /** The card's balance in the first reply, so a repeat gets the same answer (succeeded only). */
  balance: string | null;
  createdAt: string;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export class SandboxStore {
  cardholders = new Map<string, Cardholder>();
  cards = new Map<string, SandboxCard>();
  authorizations = new Map<string, SandboxAuthorization>();
  events = new Map<string, SandboxEvent>();
  /** Idempotency keys of card creations (and of loads/unloads saved before `operations` existed), with the first reply. */
  idempotent = new Map<string, unknown>();
  /** Loads and unloads by the app's idempotency key. */
  operations = new Map<string, SandboxOperation>();
  /** Openings still to fail on purpose (test helper). */
  failNextOpenings = 0;
  /**
   * The program float per currency in cents: what the issuer holds for all cards, kept as its own
   * figure (as a real issuer's settlement account is) rather than summed from the cards, so a
   * reconciliation can check the cards against it. Moved by loads, unloads, clearings, refunds and
   * the load-at-issuer-only plant.
   */
  float = new Map<string, bigint>();

  moveFloat(currency: string, cents: bigint) {
    this.float.set(currency, (this.float.get(currency) ?? 0n) + cents);
  }
}
