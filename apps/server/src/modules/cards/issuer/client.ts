/**
 * What the app needs from a card issuer, in the shape real issuing platforms offer (Stripe Issuing,
 * Lithic, Marqeta): cardholders with KYC, cards, on-demand reveal of number and CVV, PIN, freeze,
 * balance loads, shipping. Results that take time (card opened, KYC decided, shipped) and card
 * activity arrive as signed webhooks (webhooks/). The sandbox issuer implements the same API.
 */

/** Where the issuer sends its webhooks (webhooks/routes.ts answers there). */
export const WEBHOOK_PATH = '/api/v1/cards/webhooks/issuer';

export type IssuerKycStatus = 'not_submitted' | 'pending' | 'approved' | 'rejected';

export interface IssuerCardholder {
  id: string;
  kycStatus: IssuerKycStatus;
  kycReason: string | null;
}

export interface IssuerCard {
  id: string;
  state: 'pending' | 'open' | 'failed' | 'frozen';
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  shipping: { status: 'none' | 'produced' | 'shipped' | 'delivered'; trackingNumber: string | null };
}

/** Card number and CVV: returned to the user once, never stored or logged by the app. */
export interface CardSecrets {
  pan: string;
  cvv: string;
  expMonth: number;
  expYear: number;
}

export interface IssuerClient {
  createCardholder(input: { reference: string; firstName: string; lastName: string; email: string }): Promise<IssuerCardholder>;
  submitKyc(cardholderId: string, kyc: Record<string, unknown>): Promise<IssuerCardholder>;
  getCardholder(cardholderId: string): Promise<IssuerCardholder>;
  /** Opening is asynchronous: the card comes back pending; card.opened or card.failed follows. */
  createCard(
    input: {
      cardholderId: string;
      type: 'virtual' | 'physical';
      currency: string;
      reference: string;
      shipping?: Record<string, unknown> | null;
    },
    idempotencyKey: string,
  ): Promise<IssuerCard>;
  getCard(cardId: string): Promise<IssuerCard>;
  reveal(cardId: string): Promise<CardSecrets>;
  /**
   * Binds a delivered physical card: the issuer compares the number the user read off the card with
   * the one it issued (the app never holds it) and activates the card when they match. Idempotent.
   */
  bindPhysical(cardId: string, pan: string): Promise<{ matched: boolean }>;
  setPin(cardId: string, pin: string): Promise<void>;
  freeze(cardId: string): Promise<void>;
  unfreeze(cardId: string): Promise<void>;
  /**
   * Moves money onto or off a card. Keyed: a repeat with the same key is answered as the first call
   * and moves nothing twice. An IssuerError that `refusedForSure` accepts means nothing moved; any
   * other failure (timeout, 5xx, no connection) is an unknown outcome, to be looked up with getOperation.
   */
  load(cardId: string, amount: string, idempotencyKey: string): Promise<void>;
  unload(cardId: string, amount: string, idempotencyKey: string): Promise<void>;
  /** A load or unload as the issuer recorded it under our key, or null when it never took one with that key. */
  getOperation(idempotencyKey: string): Promise<IssuerOperation | null>;
  ship(cardId: string, address: Record<string, unknown>): Promise<IssuerCard['shipping']>;
  /**
   * One page of every card's balance (what it can spend) and holds, for reconciliation. All pages of
   * one listing answer for the same asOf; pass the nextCursor back until it is null. At most 5000 a page.
   */
  listBalances(input: { cursor?: string | null; limit?: number }): Promise<IssuerBalancePage>;
  /** The program float per currency: what the issuer holds for all cards together. */
  getFloat(): Promise<IssuerFloat>;
}

export interface IssuerCardBalance {
  id: string;
  currency: string;
  /** Exact decimal strings. */
  balance: string;
  held: string;
}

export interface IssuerBalancePage {
  asOf: string;
  cards: IssuerCardBalance[];
  nextCursor: string | null;
}

export interface IssuerFloat {
  asOf: string;
  balances: Record<string, string>;
}

export interface IssuerOperation {
  key: string;
  kind: 'load' | 'unload';
  cardId: string;
  amount: string;
  status: 'succeeded' | 'failed';
  /** The issuer's reason when it refused (e.g. insufficient_funds), else null. */
  failureCode: string | null;
}

/** The issuer refused or could not be reached; services map it to ISSUER_UNAVAILABLE. */
export class IssuerError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly issuerCode: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The issuer answered and said no: nothing moved, and the same key will get the same answer. A
 * timeout, a dropped connection, a 5xx, 408, 409 (the same key still in progress) or 429 says nothing
 * about whether the money moved.
 */
export function refusedForSure(error: unknown): boolean {
  if (!(error instanceof IssuerError) || error.status === null) return false;
  return error.status >= 400 && error.status < 500 && ![408, 409, 429].includes(error.status);
}
