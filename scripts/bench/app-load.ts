import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { weightedPicker } from './pick';
import { UPSTREAM_HEADER } from './service';

/**
 * The members of the whole-app load test (see appLoadTest), in their own process: `connections`
 * clients, each on its own keep-alive connection to the proxy, each with its share of the members,
 * one request of a member at a time (one person's taps do not overlap). Every member first signs in
 * with email and password; then each turn a member does what the mix draws: reads (balances, the
 * records' first page, the card list, the card's transactions), an exchange (quote, then execute with
 * the payment password), a transfer by UID (emailed code stored beforehand, payment password), a card
 * recharge (quote, then recharge; polled while processing), a purchase with the card (asked of the
 * sandbox issuer, which asks the app through a signed authorization webhook), or signing in again.
 * A member whose recharge succeeded pays next, for more than the card held before the recharge.
 *
 * Each member's requests are serialized, so the load knows exactly what its card and its USD wallet
 * hold (nobody else moves them) and checks every read against it: a balances reply older than the
 * member's own exchange (a stale read cache), a card balance that is not what the ledger should say,
 * a purchase declined for funds the card had, or approved for funds it did not have.
 */
export type ActionKind =
  | 'balances'
  | 'records'
  | 'cards'
  | 'cardTransactions'
  | 'purchase'
  | 'exchange'
  | 'transfer'
  | 'recharge'
  | 'login';

export interface AppMember {
  email: string;
  uid: string;
  cardId: string;
  issuerCardId: string;
  /** Stored transfer codes, the one the server takes first first. */
  codes: string[];
  /** What the card and the USD wallet hold at the start, in cents. */
  cardCents: number;
  usdCents: number;
}

export interface AppLoad {
  /** The proxy in front of the servers. */
  baseUrl: string;
  /** The sandbox issuer (purchases). */
  issuerUrl: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  password: string;
  paymentPassword: string;
  weights: Record<ActionKind, number>;
  members: AppMember[];
}

export interface TypeFigures {
  /** Answered 2xx in the counted window. */
  ok: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Over the whole run (sign-in, warm-up and window): non-2xx answers (status 0: none), of which 5xx. */
  non2xx: number;
  serverErrors: number;
  failures: Record<string, number>;
}

export interface AppChecks {
  /** Balances replies checked against the member's known USD wallet. */
  balanceReads: number;
  /** Of those, older than the member's own exchange (less USD than it already had). */
  staleBalances: number;
  /** The read made right after an exchange answered 2xx, as the app refreshes the wallet: how many, how many served by the other server. */
  readsAfterExchange: number;
  readsAfterExchangeElsewhere: number;
  /** Of the stale: right after the exchange, and served by another server than the exchange. */
  staleAfterExchange: number;
  staleElsewhere: number;
  /** More USD than the member's exchanges gave: an exchange answered non-2xx that happened. */
  balanceAhead: number;
  cardReads: number;
  cardMismatches: number;
  cardMismatchExamples: string[];
  purchases: number;
  approved: number;
  declines: Record<string, number>;
  /** Declined for funds while the card held the amount (as the member's own record says). */
  wrongDeclines: number;
  wrongDeclineExamples: string[];
  /** Approved though the card did not hold the amount. */
  overApprovals: number;
  /**
   * Purchases made right after a recharge succeeded, for more than the card held before it (and no
   * more than it holds now): a decision taken from a balance remembered from before the recharge
   * declines these. How many, and how many were declined for funds.
   */
  purchasesAfterRecharge: number;
  wrongDeclinesAfterRecharge: number;
  /** The issuer stood in (no decision within its 2 s, or no usable answer). */
  standIns: number;
  /** Recharges answered "processing" (then polled), and those still not finished after the polls. */
  rechargesProcessing: number;
  rechargesUnfinished: number;
  /** Members whose card or USD wallet stopped being known exactly (an outcome the load could not tell). */
  cardsUnknown: number;
  walletsUnknown: number;
}

export interface AppLoadResult {
  signIn: { members: number; signedIn: number; seconds: number; p50Ms: number; p99Ms: number };
  types: Record<string, TypeFigures>;
  window: { seconds: number; ok: number; perSecond: number };
  /** What was answered 2xx over the whole run: what the database must hold, once each. */
  ids: { transfers: string[]; exchanges: string[]; recharges: string[] };
  checks: AppChecks;
  /** What each card and USD wallet should hold at the end (null where no longer known). */
  expected: Array<{ cardId: string; uid: string; cardCents: number | null; usdCents: number | null }>;
  transfersRetired: number;
  membersOutOfCodes: number;
  loadCpuSeconds: number;
}

type Answer = { status: number; body: string; doneAt: number; ms: number; upstream: string };

/** Cents of a decimal string with at most 2 significant decimals ("19.98", "20", "20.500000"). */
export function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  const fraction = (match[3] ?? '').padEnd(2, '0');
  if (/[1-9]/.test(fraction.slice(2))) throw new Error(`more than cents: ${amount}`);
  const cents = Number(match[2]) * 100 + Number(fraction.slice(0, 2));
  return match[1] === '-' ? -cents : cents;
}

const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function errorCode(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : 'no error code';
  } catch {
    return body.length === 0 ? 'empty body' : 'not JSON';
  }
}

class Recorder {
  private readonly latencies: number[] = [];
  readonly failures: Record<string, number> = {};
  non2xx = 0;
  serverErrors = 0;

  constructor(private readonly window: { from: number; to: number }) {}

  note(answer: Answer): boolean {
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok) {
      if (answer.doneAt >= this.window.from && answer.doneAt <= this.window.to) this.latencies.push(answer.ms);
      return true;
    }
    this.non2xx += 1;
    if (answer.status >= 500) this.serverErrors += 1;
    const key = `${answer.status} ${errorCode(answer.body)}`;
    this.failures[key] = (this.failures[key] ?? 0) + 1;
    return false;
  }

  figures(seconds: number): TypeFigures {
    const sorted = Float64Array.from(this.latencies).sort();
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
    return {
      ok: sorted.length,
      perSecond: sorted.length / seconds,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: sorted.at(-1) ?? 0,
      non2xx: this.non2xx,
      serverErrors: this.serverErrors,
      failures: this.failures,
    };
  }
}

function request(agent: http.Agent, base: URL, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  const failed = (error: Error): Answer => ({
    status: 0,
    body: JSON.stringify({ error: { code: error.message } }),
    doneAt: performance.now(),
    ms: performance.now() - started,
    upstream: '',
  });
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers:
          payload === undefined
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const doneAt = performance.now();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            doneAt,
            ms: doneAt - started,
            upstream: String(res.headers[UPSTREAM_HEADER] ?? ''),
          });
        });
        res.on('error', (error) => resolve(failed(error)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve(failed(error)));
    req.end(payload);
  });
}

type Member = AppMember & {
  token: string;
  /** Set by a recharge that succeeded: what the card held before it (the member's next turn is a purchase above it). */
  rechargedFrom: number | null;
  next: number;
  transfersOff: boolean;
  cardKnown: boolean;
  usdKnown: boolean;
};

/** A card below this gets a recharge rather than a purchase; purchases are 1 to PURCHASE_MAX_CENTS. */
const RECHARGE_BELOW_CENTS = 2500;
const PURCHASE_MAX_CENTS = 2500;
const POLL_MS = 250;
const POLL_FOR_MS = 20_000;

async function run(load: AppLoad): Promise<AppLoadResult> {
  const api = new URL(load.baseUrl);
  const issuer = new URL(load.issuerUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const issuerAgent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const window = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  const recorders = new Map<string, Recorder>();
  const record = (type: string, answer: Answer) => {
    let recorder = recorders.get(type);
    if (!recorder) {
      recorder = new Recorder(window);
      recorders.set(type, recorder);
    }
    return recorder.note(answer);
  };
  const checks: AppChecks = {
    balanceReads: 0,
    staleBalances: 0,
    readsAfterExchange: 0,
    readsAfterExchangeElsewhere: 0,
    staleAfterExchange: 0,
    staleElsewhere: 0,
    balanceAhead: 0,
    cardReads: 0,
    cardMismatches: 0,
    cardMismatchExamples: [],
    purchases: 0,
    approved: 0,
    declines: {},
    wrongDeclines: 0,
    wrongDeclineExamples: [],
    overApprovals: 0,
    purchasesAfterRecharge: 0,
    wrongDeclinesAfterRecharge: 0,
    standIns: 0,
    rechargesProcessing: 0,
    rechargesUnfinished: 0,
    cardsUnknown: 0,
    walletsUnknown: 0,
  };
  const ids = { transfers: [] as string[], exchanges: [] as string[], recharges: [] as string[] };
  let transfersRetired = 0;
  const members: Member[] = load.members.map((m) => ({
    ...m,
    token: '',
    rechargedFrom: null,
    next: 0,
    transfersOff: false,
    cardKnown: true,
    usdKnown: true,
  }));
  const uids = members.map((m) => m.uid);
  const pick = weightedPicker(load.weights);
  const auth = (m: Member) => ({ authorization: `Bearer ${m.token}` });
  const call = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) =>
    request(agent, api, method, path, headers, body);
  const json = <T>(answer: Answer) => JSON.parse(answer.body) as T;
  const forgetCard = (m: Member) => {
    if (m.cardKnown) checks.cardsUnknown += 1;
    m.cardKnown = false;
  };
  const forgetWallet = (m: Member) => {
    if (m.usdKnown) checks.walletsUnknown += 1;
    m.usdKnown = false;
  };

  const signIn = async (m: Member, type: string) => {
    const answer = await call('POST', '/api/v1/auth/login/password', {}, { email: m.email, password: load.password });
    if (record(type, answer)) m.token = json<{ token: string }>(answer).token;
    return answer;
  };

  const readBalances = async (m: Member, after?: { upstream: string }) => {
    const answer = await call('GET', '/api/v1/wallet/balances', auth(m));
    if (!record('balances', answer) || !m.usdKnown) return;
    const usd = json<{ balances: Array<{ currency: string; balance: string }> }>(answer).balances.find((b) => b.currency === 'USD');
    const held = usd ? toCents(usd.balance) : 0;
    checks.balanceReads += 1;
    const elsewhere = after !== undefined && after.upstream !== answer.upstream;
    if (after) {
      checks.readsAfterExchange += 1;
      if (elsewhere) checks.readsAfterExchangeElsewhere += 1;
    }
    if (held < m.usdCents) {
      checks.staleBalances += 1;
      if (after) checks.staleAfterExchange += 1;
      if (elsewhere) checks.staleElsewhere += 1;
    } else if (held > m.usdCents) checks.balanceAhead += 1;
  };

  const readCards = async (m: Member) => {
    const answer = await call('GET', '/api/v1/cards', auth(m));
    if (!record('cards', answer) || !m.cardKnown) return;
    const card = json<{ cards: Array<{ id: string; balance: string }> }>(answer).cards.find((c) => c.id === m.cardId);
    checks.cardReads += 1;
    const held = card ? toCents(card.balance) : -1;
    if (held !== m.cardCents) {
      checks.cardMismatches += 1;
      if (checks.cardMismatchExamples.length < 5)
        checks.cardMismatchExamples.push(
          `uid ${m.uid}: the card list says ${card?.balance ?? 'no card'}, expected ${fromCents(m.cardCents)}`,
        );
    }
  };

  const exchange = async (m: Member) => {
    const quote = await call('POST', '/api/v1/wallet/exchange/quotes', auth(m), { from: 'USDT', to: 'USD', amount: '10' });
    if (!record('exchangeQuote', quote)) return;
    const quoteId = json<{ id: string }>(quote).id;
    const answer = await call(
      'POST',
      '/api/v1/wallet/exchange',
      { ...auth(m), 'idempotency-key': randomUUID() },
      { quoteId, paymentPassword: load.paymentPassword },
    );
    if (record('exchange', answer)) {
      const reply = json<{ journalId: string; quote: { amountOut: string } }>(answer);
      ids.exchanges.push(reply.journalId);
      m.usdCents += toCents(reply.quote.amountOut);
      // As the app does after money moved: back to the wallet, which reads the balances again.
      await readBalances(m, { upstream: answer.upstream });
    } else if (answer.status === 0 || answer.status >= 500) forgetWallet(m);
  };

  const transfer = async (m: Member) => {
    if (m.transfersOff || m.next >= m.codes.length) return readBalances(m);
    let toUid = uids[randomInt(uids.length)] as string;
    while (toUid === m.uid) toUid = uids[randomInt(uids.length)] as string;
    const code = m.codes[m.next++] as string;
    const answer = await call(
      'POST',
      '/api/v1/wallet/transfers',
      { ...auth(m), 'idempotency-key': randomUUID() },
      { toUid, currency: 'USDT', amount: '1', code, paymentPassword: load.paymentPassword },
    );
    if (record('transfer', answer)) ids.transfers.push(json<{ id: string }>(answer).id);
    else {
      // The codes may be out of step with the server's now (one used or not): no more transfers for this member.
      m.transfersOff = true;
      transfersRetired += 1;
    }
  };

  const recharge = async (m: Member) => {
    const amount = String(randomInt(20, 51));
    const quote = await call('POST', `/api/v1/cards/${m.cardId}/recharge/quote`, auth(m), { amount });
    if (!record('rechargeQuote', quote)) return;
    const answer = await call(
      'POST',
      `/api/v1/cards/${m.cardId}/recharge`,
      { ...auth(m), 'idempotency-key': randomUUID() },
      { amount, paymentPassword: load.paymentPassword },
    );
    if (!record('recharge', answer)) {
      if (answer.status === 0 || answer.status >= 500) forgetCard(m);
      return;
    }
    type Operation = { id: string; status: 'processing' | 'succeeded' | 'failed'; credited: string };
    let operation = json<{ operation: Operation }>(answer).operation;
    ids.recharges.push(operation.id);
    if (operation.status === 'processing') {
      checks.rechargesProcessing += 1;
      const until = performance.now() + POLL_FOR_MS;
      while (operation.status === 'processing' && performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const poll = await call('GET', `/api/v1/cards/${m.cardId}/operations/${operation.id}`, auth(m));
        if (record('rechargePoll', poll)) operation = json<Operation>(poll);
      }
    }
    if (operation.status === 'succeeded') {
      if (m.cardKnown) m.rechargedFrom = m.cardCents;
      m.cardCents += toCents(operation.credited);
    } else if (operation.status === 'processing') {
      checks.rechargesUnfinished += 1;
      forgetCard(m);
    }
  };

  const purchase = async (m: Member) => {
    const before = m.cardKnown ? m.rechargedFrom : null;
    m.rechargedFrom = null;
    if (before === null && m.cardKnown && m.cardCents < RECHARGE_BELOW_CENTS) return recharge(m);
    const cents =
      before === null
        ? randomInt(100, Math.min(PURCHASE_MAX_CENTS, m.cardKnown ? m.cardCents : PURCHASE_MAX_CENTS) + 1)
        : randomInt(before + 1, Math.min(m.cardCents, before + PURCHASE_MAX_CENTS) + 1);
    if (before !== null) checks.purchasesAfterRecharge += 1;
    const answer = await request(
      issuerAgent,
      issuer,
      'POST',
      `/sandbox/cards/${m.issuerCardId}/purchase`,
      {},
      {
        amount: fromCents(cents),
        merchant: 'Bench Shop',
      },
    );
    if (!record('purchase', answer)) return forgetCard(m);
    const decision = json<{ approved: boolean; reason: string | null; timedOut: boolean }>(answer);
    checks.purchases += 1;
    if (decision.timedOut) {
      // The issuer stood in: the app's decision (and any hold) is undone by authorization.expired, later.
      checks.standIns += 1;
      return forgetCard(m);
    }
    if (decision.approved) {
      checks.approved += 1;
      if (m.cardKnown && m.cardCents < cents) checks.overApprovals += 1;
      m.cardCents -= cents;
      return;
    }
    const reason = decision.reason ?? 'no reason';
    checks.declines[reason] = (checks.declines[reason] ?? 0) + 1;
    if (reason === 'insufficient_funds' && m.cardKnown && m.cardCents >= cents) {
      checks.wrongDeclines += 1;
      if (before !== null) checks.wrongDeclinesAfterRecharge += 1;
      if (checks.wrongDeclineExamples.length < 5)
        checks.wrongDeclineExamples.push(`uid ${m.uid}: ${fromCents(cents)} declined for funds with ${fromCents(m.cardCents)} on the card`);
    }
  };

  const act = async (m: Member, kind: ActionKind) => {
    switch (kind) {
      case 'balances':
        return readBalances(m);
      case 'records':
        return void record('records', await call('GET', '/api/v1/wallet/records?limit=20', auth(m)));
      case 'cards':
        return readCards(m);
      case 'cardTransactions':
        return void record('cardTransactions', await call('GET', `/api/v1/cards/${m.cardId}/transactions?limit=20`, auth(m)));
      case 'purchase':
        return purchase(m);
      case 'exchange':
        return exchange(m);
      case 'transfer':
        return transfer(m);
      case 'recharge':
        return recharge(m);
      case 'login':
        return void (await signIn(m, 'login'));
    }
  };

  const shares = Array.from({ length: load.connections }, (_, k) => members.filter((_, i) => i % load.connections === k));

  // Everyone signs in first, each client its members one after another.
  const signInStarted = performance.now();
  const signInMs: number[] = [];
  await Promise.all(
    shares.map(async (mine) => {
      for (const m of mine) {
        const answer = await signIn(m, 'signIn');
        if (m.token) signInMs.push(answer.ms);
      }
    }),
  );
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  signInMs.sort((a, b) => a - b);
  const at = (q: number) => signInMs[Math.max(0, Math.ceil(q * signInMs.length) - 1)] ?? 0;

  window.from = performance.now() + load.warmupSeconds * 1000;
  window.to = window.from + load.seconds * 1000;
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    shares.map(async (all) => {
      const mine = all.filter((m) => m.token);
      for (let turn = 0; mine.length > 0 && performance.now() < window.to; turn++) {
        const m = mine[turn % mine.length] as Member;
        await act(m, m.rechargedFrom !== null ? 'purchase' : pick());
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  issuerAgent.destroy();

  const types = Object.fromEntries([...recorders].map(([type, recorder]) => [type, recorder.figures(load.seconds)]));
  const ok = Object.entries(types)
    .filter(([type]) => type !== 'signIn')
    .reduce((n, [, figures]) => n + figures.ok, 0);
  return {
    signIn: { members: members.length, signedIn: signInMs.length, seconds: signInSeconds, p50Ms: at(0.5), p99Ms: at(0.99) },
    types,
    window: { seconds: load.seconds, ok, perSecond: ok / load.seconds },
    ids,
    checks,
    expected: members.map((m) => ({
      cardId: m.cardId,
      uid: m.uid,
      cardCents: m.cardKnown ? m.cardCents : null,
      usdCents: m.usdKnown ? m.usdCents : null,
    })),
    transfersRetired,
    membersOutOfCodes: members.filter((m) => m.next >= m.codes.length).length,
    loadCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

process.once('message', (load: AppLoad) => {
  run(load).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
