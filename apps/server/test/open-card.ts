import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type CardWorld, call, issuerCardId, JPEG, KYC_FORM, PIN, sandboxGet, sandboxPost, type User, waitFor } from './cards';

/**
 * A virtual USD card opened the way a member opens one: through the API, the sandbox issuer's
 * opening, KYC photos and form, and the issuer's approval. Returns our card id and the issuer's.
 */
export async function openActiveCard(t: CardWorld, user: User): Promise<{ cardId: string; issuerId: string }> {
  const products = await call(t, user, 'GET', '/api/v1/cards/products');
  const productId = products.json().products.find((p: { name: string }) => p.name === 'Virtual USD Classic').id;
  const opened = await call(
    t,
    user,
    'POST',
    '/api/v1/cards',
    { productId, firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN },
    randomUUID(),
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const cardId: string = opened.json().id;
  const read = async () => (await call(t, user, 'GET', `/api/v1/cards/${cardId}`, undefined, null)).json();
  await waitFor(read, (c) => c.status !== 'opening');
  for (const side of ['front', 'back'])
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/cards/kyc/photos/${side}`,
      headers: { ...user.headers, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
  const submitted = await call(t, user, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const { cardholders } = await sandboxGet<{ cardholders: Array<{ id: string; reference: string }> }>(t, '/sandbox/cardholders');
  const mine = await t.database.handle.db
    .selectFrom('cardholders')
    .innerJoin('users', 'users.id', 'cardholders.user_id')
    .select('issuer_cardholder_id')
    .where('users.email', '=', user.email)
    .executeTakeFirst();
  const holder = cardholders.find((h) => h.id === mine?.issuer_cardholder_id) ?? cardholders.at(-1);
  await sandboxPost(t, `/sandbox/cardholders/${holder?.id}/kyc`, { decision: 'approve' });
  await waitFor(read, (c) => c.status === 'active');
  return { cardId, issuerId: await issuerCardId(t, cardId) };
}
