/*
 * The sandbox card issuer's helpers (packages/sandbox-issuer, `/sandbox/...`), the part of the demo
 * that plays the card network and the issuer's back office: approve a KYC, buy something, clear it.
 * These are the very calls its dev page makes; the app answers them through its own webhooks, as it
 * would a real issuer's.
 */

/** Long enough for the sandbox to ask the app for a decision (it waits 2 s) and deliver a webhook. */
const CALL_TIMEOUT_MS = 15_000;

export interface SandboxAuthorization {
  id: string;
  cardId: string;
  amount: string;
  merchant: { name: string; mcc: string };
  approved: boolean;
  reason: string | null;
  /** Set once a clearing arrived. */
  settled?: string;
}

export class SandboxNetwork {
  /** `stop`: at shutdown a call under way is cut rather than waited for. */
  constructor(
    private readonly baseUrl: string,
    private readonly stop?: AbortSignal,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: this.stop ? AbortSignal.any([this.stop, AbortSignal.timeout(CALL_TIMEOUT_MS)]) : AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    // The sandbox's error bodies carry codes and messages, never card numbers: safe to show in the log.
    if (!res.ok) throw new Error(`sandbox issuer ${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  /** The issuer's id of our card (its `reference` is our card id). */
  async issuerCardId(cardId: string): Promise<string | null> {
    const { cards } = await this.call<{ cards: Array<{ id: string; reference: string }> }>('GET', '/sandbox/cards');
    return cards.find((card) => card.reference === cardId)?.id ?? null;
  }

  /**
   * The back office approves the KYC waiting for review of the cardholder made for our member
   * (`reference` = user id); false when none waits (decided already).
   */
  async approveKyc(userId: string): Promise<boolean> {
    const { cardholders } = await this.call<{ cardholders: Array<{ id: string; reference: string; kycStatus: string }> }>(
      'GET',
      '/sandbox/cardholders',
    );
    const holder = cardholders.find((h) => h.reference === userId && h.kycStatus === 'pending');
    if (!holder) return false;
    await this.call('POST', `/sandbox/cardholders/${holder.id}/kyc`, { decision: 'approve' });
    return true;
  }

  async authorizationsOf(issuerCardId: string): Promise<SandboxAuthorization[]> {
    const { authorizations } = await this.call<{ authorizations: SandboxAuthorization[] }>('GET', '/sandbox/authorizations');
    return authorizations.filter((a) => a.cardId === issuerCardId);
  }

  /** A purchase at a merchant: the sandbox asks the app for its decision and answers with it. */
  purchase(issuerCardId: string, purchase: { amount: string; merchant: string; mcc: string }): Promise<SandboxAuthorization> {
    return this.call('POST', `/sandbox/cards/${issuerCardId}/purchase`, purchase);
  }

  /**
   * The network's clearing of the whole authorized amount. The sandbox delivers it to the app as
   * authorization.clearing (retrying on its own when the app is busy); the caller waits for the card
   * to show it settled.
   */
  async clear(authorizationId: string): Promise<void> {
    await this.call('POST', `/sandbox/authorizations/${authorizationId}/clearing`, {});
  }
}
