import type { CardProduct } from '@wallet/contract';
import { expect } from 'vitest';
import { SHIPPING } from '../apps/server/test/shipping';
import { type Api, call, E2E_PAYMENT_PASSWORD, waitFor } from './http';

/** A JPEG's first bytes: all the server's type check reads; the issuer only gets fingerprints. */
export const TEST_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);

type Cardholders = { cardholders: Array<{ id: string; kycStatus: string }> };

/** A call to the sandbox card issuer at `sandbox` (its own address, see sandboxAddress), expecting 200. */
export async function issuerCall<T>(sandbox: string, method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
  const res = await call(method, `${sandbox}${route}`, body);
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

/** The member a card is opened for, by the name on the card; its KYC goes to the issuer under its account email. */
export type Holder = { api: Api; email: string; firstName: string; lastName: string; paymentPassword?: string };

/**
 * The KYC of `holder` for `cardId`, submitted through the API and approved in the sandbox issuer at
 * `sandbox`, unless it has passed or is under review already.
 */
export async function passKycInSandbox(sandbox: string, cardId: string, holder: Holder): Promise<void> {
  const { api, firstName, lastName, email } = holder;
  const kyc = await api<{ status: string }>('GET', '/api/v1/cards/kyc');
  if (kyc.status !== 'none' && kyc.status !== 'failed') return;
  const before = await issuerCall<Cardholders>(sandbox, 'GET', '/sandbox/cardholders');
  const pendingBefore = new Set(before.cardholders.filter((h) => h.kycStatus === 'pending').map((h) => h.id));
  for (const side of ['front', 'back']) await api('PUT', `/api/v1/cards/kyc/photos/${side}`, TEST_JPEG, { 'content-type': 'image/jpeg' });
  await api('POST', '/api/v1/cards/kyc', {
    cardId,
    firstName,
    lastName,
    email,
    phoneAreaCode: '+852',
    phone: '91234567',
    country: '344',
    address: { houseNumber: '12', street: 'Queen Road', district: 'Central', postcode: '999077', city: 'Hong Kong', country: '344' },
    documentType: 'id_card',
    nationality: '344',
    documentNumber: 'B7654321',
    issueDate: '2020-01-15',
    expiryDate: '2099-12-31',
  });
  const after = await issuerCall<Cardholders>(sandbox, 'GET', '/sandbox/cardholders');
  const mine = after.cardholders.filter((h) => h.kycStatus === 'pending' && !pendingBefore.has(h.id));
  expect(mine).toHaveLength(1);
  await issuerCall(sandbox, 'POST', `/sandbox/cardholders/${mine[0]?.id}/kyc`, { decision: 'approve' });
}

type CardStatus = { status: string };

/**
 * A USD card of `type` (Virtual USD Classic, or Physical USD Platinum sent to SHIPPING) opened through
 * the API in the holder's name, once the issuer has answered: awaiting KYC, or active when the holder's
 * KYC has passed (or `outcome`, when the test made the issuer refuse it).
 */
export async function openCard(holder: Holder, type: 'virtual' | 'physical' = 'virtual', outcome?: 'failed'): Promise<string> {
  const { api, firstName, lastName, paymentPassword = E2E_PAYMENT_PASSWORD } = holder;
  const { products } = await api<{ products: CardProduct[] }>('GET', '/api/v1/cards/products');
  const product = products.find((p) => p.type === type && p.currency === 'USD' && p.level === (type === 'virtual' ? 1 : 3));
  const kycPassed = (await api<{ status: string }>('GET', '/api/v1/cards/kyc')).status === 'passed';
  const { id } = await api<{ id: string }>('POST', '/api/v1/cards', {
    productId: product?.id,
    firstName,
    lastName,
    paymentPassword,
    ...(type === 'physical' ? { shipping: { ...SHIPPING, recipient: `${firstName} ${lastName}` } } : {}),
  });
  const status = async () => (await api<CardStatus>('GET', `/api/v1/cards/${id}`)).status;
  const expected = outcome ?? (kycPassed ? 'active' : 'awaiting_kyc');
  await waitFor(status, (now) => now === expected, `card ${id} ${expected}`, 20_000);
  return id;
}

/** A card of `type` opened for `holder` and active: its KYC approved in the sandbox issuer at `sandbox` unless it has passed. */
export async function openActiveCard(sandbox: string, holder: Holder, type: 'virtual' | 'physical' = 'virtual'): Promise<string> {
  const id = await openCard(holder, type);
  await passKycInSandbox(sandbox, id, holder);
  await waitFor(
    async () => (await holder.api<CardStatus>('GET', `/api/v1/cards/${id}`)).status,
    (now) => now === 'active',
    `card ${id} active`,
    20_000,
  );
  return id;
}
