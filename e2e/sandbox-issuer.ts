import { expect } from 'vitest';
import { type Api, call } from './http';

/** A JPEG's first bytes: all the server's type check reads; the issuer only gets fingerprints. */
export const TEST_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);

type Cardholders = { cardholders: Array<{ id: string; kycStatus: string }> };

/** A call to the sandbox card issuer at `sandbox` (its own address, see sandboxAddress), expecting 200. */
export async function issuerCall<T>(sandbox: string, method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
  const res = await call(method, `${sandbox}${route}`, body);
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

/**
 * The KYC of `holder` (the demo friend unless named) for `cardId`, submitted through the API and approved in the sandbox issuer at
 * `sandbox`, unless it has passed or is under review already.
 */
export async function passKycInSandbox(
  api: Api,
  sandbox: string,
  cardId: string,
  holder: { firstName: string; lastName: string; email: string } = { firstName: 'Friend', lastName: 'User', email: 'friend@example.com' },
): Promise<void> {
  const kyc = await api<{ status: string }>('GET', '/api/v1/cards/kyc');
  if (kyc.status !== 'none' && kyc.status !== 'failed') return;
  const before = await issuerCall<Cardholders>(sandbox, 'GET', '/sandbox/cardholders');
  const pendingBefore = new Set(before.cardholders.filter((h) => h.kycStatus === 'pending').map((h) => h.id));
  for (const side of ['front', 'back']) await api('PUT', `/api/v1/cards/kyc/photos/${side}`, TEST_JPEG, { 'content-type': 'image/jpeg' });
  await api('POST', '/api/v1/cards/kyc', {
    cardId,
    ...holder,
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
