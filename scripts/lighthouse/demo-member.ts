/**
 * The demo member (apps/server/src/modules/demo/seed.ts, on with DEMO_DATA=true) signed in through the
 * API, for measurements of the signed-in app. The app's session is an HttpOnly cookie and a flag in
 * localStorage (apps/web/src/lib/store.ts), as e2e/chromium.ts signedInPage writes them.
 */
export const DEMO_MEMBER = { email: 'demo@sbc-wallet.local', password: 'demo12345', paymentPassword: '123456' } as const;

export const APP_STORAGE_KEY = 'sbc-wallet';

async function call<T>(baseUrl: string, method: string, route: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A fresh session token of the demo member. */
export async function demoToken(baseUrl: string): Promise<string> {
  const reply = await call<{ token: string }>(baseUrl, 'POST', '/api/v1/auth/login/password', null, {
    email: DEMO_MEMBER.email,
    password: DEMO_MEMBER.password,
  });
  return reply.token;
}

type Product = { id: string; type: string; currency: string };

/**
 * The id of a card of the demo member: the first it has, else a virtual card opened now (paid from
 * its demo USDT). The card detail page shows any card, whatever the issuer does with it next.
 */
export async function demoCardId(baseUrl: string, token: string): Promise<string> {
  const { cards } = await call<{ cards: Array<{ id: string }> }>(baseUrl, 'GET', '/api/v1/cards', token);
  if (cards[0]) return cards[0].id;
  const { products } = await call<{ products: Product[] }>(baseUrl, 'GET', '/api/v1/cards/products', token);
  const product = products.find((p) => p.type === 'virtual') ?? products[0];
  if (!product) throw new Error('the server offers no card product');
  const opened = await call<{ id: string }>(baseUrl, 'POST', '/api/v1/cards', token, {
    productId: product.id,
    firstName: 'Demo',
    lastName: 'Member',
    paymentPassword: DEMO_MEMBER.paymentPassword,
  });
  return opened.id;
}
