import { type CardSecrets, type IssuerCard, type IssuerCardholder, type IssuerClient, IssuerError, type IssuerOperation } from './issuer';

/** Real issuers answer within a few seconds; a stuck call must not hold a request or job forever. */
const TIMEOUT_MS = 10_000;

/** The issuer API over HTTP with a bearer API key (the sandbox issuer, or a real one with the same shape). */
export class HttpIssuer implements IssuerClient {
  private readonly timeoutMs: number;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new IssuerError(`issuer unreachable: ${(error as Error).message}`, null);
    }
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    if (!res.ok) {
      const code = (parsed as { error?: { code?: string } } | null)?.error?.code ?? null;
      // The reply body is not put in the message: a reveal reply would carry card data.
      throw new IssuerError(`issuer answered ${res.status} to ${method} ${path.replace(/\/ic_[a-z0-9]+/, '/:card')}`, res.status, code);
    }
    return parsed as T;
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
}
