import { createHmac, randomUUID } from 'node:crypto';
import { ERRORS, type ErrorCode, errorReplySchema, pickLanguage } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fundedMember, type Member } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type FuzzRequest,
  InputMaker,
  JUNK_BODIES,
  JUNK_PATH_PARAMS,
  JUNK_QUERY_VALUES,
  JUNK_VALUES,
  junkHeaders,
  leafPaths,
  type OpenApiDocument,
  type Operation,
  replaceAt,
} from '../../test/fuzz-inputs';
import { type TestOperator, testOperator } from '../../test/operators';
import { ledgerViolations } from '../modules/ledger';
import { HttpPayoutPartner } from '../modules/payout/partner';
import { WEBHOOK_SIGNATURE_HEADER } from './webhook-signature';

/**
 * Walks the server's own API document and sends every operation malformed bodies, path parameters,
 * query strings and headers, signed out, signed in as a funded member with a payment password, and
 * as an operator on the operator routes; webhooks are signed with the test secrets, so junk reaches
 * their parsers. Every reply must be below 500, every error must be in the error model with the
 * catalogue's text in the caller's language, and no money may move. A fixed seed makes it repeatable.
 */

const SEED = 15_001;
const ISSUER_SECRET = 'fuzz-issuer-webhook-secret-0123456789';
const PAYOUT_SECRET = 'fuzz-payout-webhook-secret-0123456789';
/** Mutated bodies per operation and identity: enough to touch every field of most bodies over the run. */
const BODY_CASES = 24;
const CONCURRENCY = 4;

let t: TestApp;
let doc: OpenApiDocument;
let admin: TestOperator;
let member: Member;

beforeAll(async () => {
  t = await createTestApp({
    env: { ISSUER_WEBHOOK_SECRET: ISSUER_SECRET, PAYOUT_WEBHOOK_SECRET: PAYOUT_SECRET },
    // Never reached by a malformed request; with a partner configured its webhook route is there to fuzz.
    deps: { payoutPartner: new HttpPayoutPartner('http://127.0.0.1:1', 'fuzz', 200) },
  });
  admin = await testOperator(t);
  member = await fundedMember(t, '1000');
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(() => t?.close());

type Identity = 'anonymous' | 'member' | 'admin';

const tokenOf = (who: Identity) => (who === 'member' ? member.token : who === 'admin' ? admin.key : null);

function webhookSecret(path: string): string | null {
  if (path.startsWith('/api/v1/cards/webhooks/')) return ISSUER_SECRET;
  if (path.startsWith('/api/v1/payout/webhooks/')) return PAYOUT_SECRET;
  return null;
}

/** Webhooks are signed as their senders sign them, so junk gets past the signature to the parsing. */
function signed(path: string, payload: string | undefined): Record<string, string> {
  const secret = webhookSecret(path);
  if (!secret) return {};
  const timestamp = String(Math.floor(Date.now() / 1000));
  const delivery = randomUUID().replaceAll('-', '');
  const mac = createHmac('sha256', secret)
    .update(`${timestamp}.${delivery}.${payload ?? ''}`)
    .digest('hex');
  return { [WEBHOOK_SIGNATURE_HEADER]: `t=${timestamp},d=${delivery},v1=${mac}` };
}

/**
 * Webhook bodies are read as text, so the document has no schema for them: events of the kinds the
 * senders send are the sound bases their fields are fuzzed from.
 */
const WEBHOOK_EVENTS: Record<string, object[]> = {
  '/api/v1/cards/webhooks/issuer': [
    {
      id: 'evt_fuzz_auth',
      type: 'authorization.request',
      created: new Date(0).toISOString(),
      data: {
        authorizationId: 'auth_1',
        cardId: 'card_1',
        amount: '12.50',
        currency: 'USD',
        merchant: { name: 'Shop', mcc: '5411', country: 'US' },
        channel: 'pos',
      },
    },
    {
      id: 'evt_fuzz_card',
      type: 'card.opened',
      created: new Date(0).toISOString(),
      data: { cardId: 'card_1', reference: randomUUID(), last4: '4242', expMonth: 1, expYear: 2030, reason: null, trackingNumber: null },
    },
    { id: 'evt_fuzz_kyc', type: 'kyc.rejected', created: new Date(0).toISOString(), data: { cardholderId: 'ch_1', reason: 'blurred' } },
  ],
  '/api/v1/payout/webhooks/partner': [
    {
      id: 'evt_fuzz_payout',
      type: 'payout.rejected',
      data: { payout: { id: randomUUID(), reference: 'ref_1', status: 'rejected', reason: 'account closed' } },
    },
  ],
};

/** The requests for one operation as one identity: a sound base, then one thing wrong at a time. */
function requestsFor(make: InputMaker, path: string, method: string, op: Operation, who: Identity, event?: object): FuzzRequest[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(make.valueOf(p.schema)))]));
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(make.valueOf(p.schema)))]),
  );
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = ['post', 'put', 'patch', 'delete'].includes(method);
  const baseBody = event ?? (bodySchema ? make.valueOf(bodySchema) : hasBody ? {} : undefined);
  const token = tokenOf(who);

  const build = (
    label: string,
    {
      pathValues = baseParams,
      query = baseQuery,
      body = baseBody,
      raw,
      contentType,
      headers = {},
    }: {
      pathValues?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      raw?: string;
      contentType?: string;
      headers?: Record<string, string>;
    } = {},
  ): FuzzRequest => {
    const url =
      path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? 'x') +
      (Object.keys(query).length
        ? `?${Object.entries(query)
            .map(([k, v]) => `${k}=${v}`)
            .join('&')}`
        : '');
    const payload = raw ?? (body === undefined || !hasBody ? undefined : JSON.stringify(body));
    return {
      label: `${who} ${method.toUpperCase()} ${path} ${label}`,
      method: method.toUpperCase(),
      url,
      payload,
      headers: {
        'accept-language': 'ko',
        'idempotency-key': randomUUID(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
        ...signed(path, payload),
        ...headers,
      },
    };
  };

  const requests: FuzzRequest[] = [build('as documented')];
  const few = who === 'anonymous';
  for (const param of pathParams)
    for (const junk of make.pick(JUNK_PATH_PARAMS, few ? 3 : JUNK_PATH_PARAMS.length))
      requests.push(build(`path ${param.name}=${junk.slice(0, 20)}`, { pathValues: { ...baseParams, [param.name]: junk } }));
  for (const param of make.pick(queryParams, few ? 1 : queryParams.length)) {
    for (const junk of make.pick(JUNK_QUERY_VALUES, few ? 3 : JUNK_QUERY_VALUES.length))
      requests.push(build(`query ${param.name}=${junk.slice(0, 20)}`, { query: { ...baseQuery, [param.name]: junk } }));
    requests.push(build(`query ${param.name} twice`, { query: { ...baseQuery, [param.name]: `1&${param.name}=2` } }));
  }
  if (!few) requests.push(build('unknown query', { query: { ...baseQuery, 'x\u0000': '%00', constructor: 'x' } }));
  if (hasBody) {
    for (const junk of make.pick(JUNK_BODIES, few ? 4 : JUNK_BODIES.length))
      requests.push(build(`body ${junk.label}`, { raw: junk.payload, contentType: junk.contentType }));
    const places = leafPaths(baseBody);
    const cases = places.flatMap((place) => JUNK_VALUES.map((junk) => [place, junk] as const));
    for (const [place, junk] of make.pick(cases, few ? 3 : BODY_CASES)) {
      const shown = typeof junk === 'string' ? JSON.stringify(junk.slice(0, 12)) : JSON.stringify(junk)?.slice(0, 20);
      requests.push(build(`body ${place.join('.')}=${shown}`, { body: replaceAt(baseBody, place, junk) }));
    }
  }
  for (const [name, value] of make.pick(junkHeaders(token), few ? 4 : 100)) {
    requests.push(build(`header ${name}=${value.slice(0, 20)}`, { headers: { [name]: value } }));
  }
  return requests;
}

/**
 * A well-formed request for a service this test runs without (no chain is configured, so every
 * network's top-up check is unavailable): the right answer, not a failure of the server.
 */
const UNAVAILABLE_HERE = ['NETWORK_UNAVAILABLE'];

type Failure = { label: string; status: number; body: string; log?: string };

/** What is wrong with one reply, or null. */
function judge(request: FuzzRequest, res: { statusCode: number; body: string; headers: Record<string, unknown> }): Failure | null {
  const fail = (why: string): Failure => ({ label: `${request.label}: ${why}`, status: res.statusCode, body: res.body.slice(0, 300) });
  if (res.statusCode === 503 && UNAVAILABLE_HERE.some((code) => res.body.includes(`"${code}"`))) return null;
  if (res.statusCode >= 500) {
    const requestId = res.headers['x-request-id'];
    const log = t.logs
      .map((line) => JSON.parse(line) as { requestId?: string; err?: { message?: string }; msg?: string })
      .find((line) => line.requestId === requestId && line.err);
    return { ...fail('server error'), log: log?.err?.message?.slice(0, 300) };
  }
  if (res.statusCode < 400) return null;
  // A webhook signed as its sender signs must get past the signature, or its parsing was never fuzzed.
  if (webhookSecret(new URL(request.url, 'http://x').pathname) && !request.label.includes(' header ') && res.body.includes('WEBHOOK_'))
    return fail('a signed delivery was refused at the signature');
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return fail('error reply is not JSON');
  }
  const parsed = errorReplySchema.safeParse(json);
  if (!parsed.success) return fail('error reply is not in the error model');
  const { code, message, details } = parsed.data.error;
  if (!Object.hasOwn(ERRORS, code)) return fail(`code ${code} is not in the catalogue`);
  const language = pickLanguage(request.headers['accept-language']);
  if (message !== ERRORS[code as ErrorCode].message[language]) return fail(`message is not the ${language} text of ${code}`);
  for (const field of details?.fields ?? []) {
    // A member reads a sentence, never a pattern or zod's own words.
    if (/\/\^|\$\/|regex|Invalid input|expected /i.test(field.message)) return fail(`field message "${field.message}" is not a sentence`);
  }
  return null;
}

async function send(request: FuzzRequest): Promise<Failure | null> {
  let res: Awaited<ReturnType<typeof t.app.inject>>;
  try {
    res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  } catch (error) {
    // Node refuses some header values before sending (a client could not send them either).
    if ((error as { code?: string }).code === 'ERR_INVALID_CHAR') return null;
    return { label: `${request.label}: inject threw`, status: 0, body: String(error) };
  }
  return judge(request, res);
}

async function sendAll(requests: FuzzRequest[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as FuzzRequest;
      const failure = await send(request);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

/** A request that ended the member's session (sign out) must not turn the rest of the run into 401s. */
async function keepSignedIn(who: Member): Promise<void> {
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${who.token}` } });
  if (me.statusCode === 200) return;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  who.token = res.json().token;
  who.headers = { authorization: `Bearer ${who.token}` };
}

const moneyState = async () => {
  const accounts = await sql<{ id: string; balance: string }>`select id, balance::text from ledger_accounts order by id`.execute(
    t.database.handle.db,
  );
  const entries = await sql<{ n: string }>`select count(*)::text as n from ledger_entries`.execute(t.database.handle.db);
  return { accounts: accounts.rows, entries: entries.rows[0]?.n };
};

it('answers malformed requests to every operation below 500, in the error model, and moves no money', { timeout: 240_000 }, async () => {
  const before = await moneyState();
  const make = new InputMaker(doc, SEED);
  const failures: Failure[] = [];
  let sent = 0;
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      // The live stream never ends on success; signed out it is answered at once.
      const streams = /text\/event-stream/.test(op.summary ?? '');
      const identities: Identity[] = streams ? ['anonymous'] : ['anonymous', path.startsWith('/api/v1/admin/') ? 'admin' : 'member'];
      for (const [who, event] of identities.flatMap((who) => (WEBHOOK_EVENTS[path] ?? [undefined]).map((event) => [who, event] as const))) {
        const requests = requestsFor(make, path, method, op, who, event);
        sent += requests.length;
        failures.push(...(await sendAll(requests)));
        await keepSignedIn(member);
      }
    }
  }
  expect(sent).toBeGreaterThan(3000);
  expect(failures.slice(0, 60), `${failures.length} of ${sent} replies failed`).toEqual([]);
  expect(await moneyState()).toEqual(before);
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});
