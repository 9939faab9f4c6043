import { callJsonApi, type JsonApi } from '../../../platform/json-api';
import {
  type CardSecrets,
  type IssuerBalancePage,
  type IssuerCard,
  type IssuerCardholder,
  type IssuerClient,
  IssuerError,
  type IssuerFloat,
  type IssuerOperation,
} from './client';

/** Real issuers answer within a few seconds; a stuck call must not hold a request or job forever. */
const TIMEOUT_MS = 10_000;

/** The issuer API over HTTP with a bearer API key (the sandbox issuer, or a real one with the same shape). */
export class HttpIssuer implements IssuerClient {
  private readonly api: JsonApi;

  constructor(baseUrl: string, apiKey: string, options: { timeoutMs?: number } = {}) {
    this.api = { baseUrl, apiKey, timeoutMs: options.timeoutMs ?? TIMEOUT_MS };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const reply = await callJsonApi(this.api, method, path, body, idempotencyKey);
    if (reply.ok) return reply.body as T;
    // The card id is left out of the message; the reply body never goes in (a reveal would carry card data).
    throw new IssuerError(`issuer ${reply.reason} to ${method} ${path.replace(/\/ic_[a-z0-9]+/, '/:card')}`, reply.status, reply.code);
  }

  createCardholder(input: { reference: string; firstName: string; lastName: string; email: string }) {
    return this.call<IssuerCardholder>('POST', '/v1/cardholders', input);
  }
  submitKyc(cardholderId: string, kyc: Record<string, unknown>) {
    return this.call<IssuerCardholder>('POST', `/v1/cardholders/${encodeURIComponent(cardholderId)}/kyc`, kyc);
  }
  getCardholder(cardholderId: string) {
    return this.call<IssuerCardholder>('GET', `/v1/cardholders/${encodeURIComponent(cardholderId)}`);
  }
  createCard(
    input: {
      cardholderId: string;
      type: 'virtual' | 'physical';
      currency: string;
      reference: string;
      shipping?: Record<string, unknown> | null;
    },
    idempotencyKey: string,
  ) {
    return this.call<IssuerCard>('POST', '/v1/cards', input, idempotencyKey);
  }
  getCard(cardId: string) {
    return this.call<IssuerCard>('GET', `/v1/cards/${encodeURIComponent(cardId)}`);
  }
  reveal(cardId: string) {
    return this.call<CardSecrets>('POST', `/v1/cards/${encodeURIComponent(cardId)}/reveal`, {});
  }
  bindPhysical(cardId: string, pan: string) {
    return this.call<{ matched: boolean }>('POST', `/v1/cards/${encodeURIComponent(cardId)}/bind`, { pan });
  }
  async setPin(cardId: string, pin: string) {
    await this.call('POST', `/v1/cards/${encodeURIComponent(cardId)}/pin`, { pin });
  }
  async freeze(cardId: string) {
    await this.call('POST', `/v1/cards/${encodeURIComponent(cardId)}/freeze`, {});
  }
  async unfreeze(cardId: string) {
    await this.call('POST', `/v1/cards/${encodeURIComponent(cardId)}/unfreeze`, {});
  }
  async load(cardId: string, amount: string, idempotencyKey: string) {
    await this.call('POST', `/v1/cards/${encodeURIComponent(cardId)}/load`, { amount }, idempotencyKey);
  }
  async unload(cardId: string, amount: string, idempotencyKey: string) {
    await this.call('POST', `/v1/cards/${encodeURIComponent(cardId)}/unload`, { amount }, idempotencyKey);
  }
  async getOperation(idempotencyKey: string): Promise<IssuerOperation | null> {
    try {
      return await this.call<IssuerOperation>('GET', `/v1/operations/${encodeURIComponent(idempotencyKey)}`);
    } catch (error) {
      if (error instanceof IssuerError && error.status === 404) return null;
      throw error;
    }
  }
  async ship(cardId: string, address: Record<string, unknown>) {
    const reply = await this.call<{ shipping: IssuerCard['shipping'] }>('POST', `/v1/cards/${encodeURIComponent(cardId)}/ship`, {
      address,
    });
    return reply.shipping;
  }
  listBalances(input: { cursor?: string | null; limit?: number }) {
    const query = new URLSearchParams();
    if (input.cursor) query.set('cursor', input.cursor);
    if (input.limit !== undefined) query.set('limit', String(input.limit));
    return this.call<IssuerBalancePage>('GET', `/v1/balances?${query}`);
  }
  getFloat() {
    return this.call<IssuerFloat>('GET', '/v1/float');
  }
}

/** Stands in when no issuer is configured (for example in tests of other modules): every call fails. */
export class UnconfiguredIssuer implements IssuerClient {
  private fail(): never {
    throw new IssuerError('no card issuer configured (ISSUER_URL)', null);
  }
  createCardholder = async () => this.fail();
  submitKyc = async () => this.fail();
  getCardholder = async () => this.fail();
  createCard = async () => this.fail();
  getCard = async () => this.fail();
  reveal = async (): Promise<CardSecrets> => this.fail();
  bindPhysical = async (): Promise<{ matched: boolean }> => this.fail();
  setPin = async () => this.fail();
  freeze = async () => this.fail();
  unfreeze = async () => this.fail();
  load = async () => this.fail();
  unload = async () => this.fail();
  getOperation = async (): Promise<IssuerOperation | null> => this.fail();
  ship = async () => this.fail();
  listBalances = async (): Promise<IssuerBalancePage> => this.fail();
  getFloat = async (): Promise<IssuerFloat> => this.fail();
}
