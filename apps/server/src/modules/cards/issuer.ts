/**
 * What the app needs from a card issuer, in the shape real issuing platforms offer (Stripe Issuing,
 * Lithic, Marqeta): cardholders with KYC, cards, on-demand reveal of number and CVV, PIN, freeze,
 * balance loads, shipping. Results that take time (card opened, KYC decided, shipped) and card
 * activity arrive as signed webhooks (webhook-routes.ts). The sandbox issuer implements the same API.
 */

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
  load(cardId: string, amount: string, idempotencyKey: string): Promise<void>;
  unload(cardId: string, amount: string, idempotencyKey: string): Promise<void>;
  ship(cardId: string, address: Record<string, unknown>): Promise<IssuerCard['shipping']>;
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
