import { Decimal } from '@wallet/contract';
import type { Executor } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { accountId, postNew, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import { readSettings } from '../operators/settings';
import { decodeCursor, encodeCursor, enterAsMember } from './gate';
import { changeHolding, holdingOf, lockHoldings } from './holdings';

/** Node purchase (ledger 423): USDT from the wallet to the node desk. */
const PURCHASE_CODE = 423;

export interface NodeTerms {
  smallPrice: Decimal;
  smallCap: number;
  upgradeRatio: number;
  largeHold: Decimal;
  dpoolSharePercent: Decimal;
}

/** The operator's node settings as numbers: read once per request, and again under the locks of a change. */
export async function nodeTerms(db: Executor): Promise<NodeTerms> {
  const s = await readSettings(db);
  return {
    smallPrice: new Decimal(s['nodes.small_price']),
    smallCap: Number(s['nodes.small_cap']),
    upgradeRatio: Number(s['nodes.upgrade_ratio']),
    largeHold: new Decimal(s['nodes.large_hold']),
    dpoolSharePercent: new Decimal(s['nodes.dpool_share_percent']),
  };
}

export async function offer(deps: Pick<AuthDeps, 'db'>, userId: string) {
  const [terms, mine] = await Promise.all([nodeTerms(deps.db), holdingOf(deps.db, userId)]);
  return {
    smallPrice: terms.smallPrice.toFixed(),
    smallCap: terms.smallCap,
    smallBuyable: Math.max(0, terms.smallCap - mine.small_bought),
    upgradeRatio: terms.upgradeRatio,
    largeHold: terms.largeHold.toFixed(),
    dpoolSharePercent: terms.dpoolSharePercent.toFixed(),
    mine: { small: mine.small, large: mine.large },
  };
}

export interface PurchaseInput {
  quantity: number;
  expectedAmount: string;
  remark?: string | undefined;
  paymentPassword: string;
}

type PurchaseRow = { id: string; quantity: number; price: string; amount: string; remark: string | null; created_at: Date };
export type NodePurchaseReply = ReturnType<typeof purchaseView>;

const purchaseView = (row: PurchaseRow) => ({
  id: row.id,
  quantity: row.quantity,
  price: new Decimal(row.price).toFixed(),
  amount: new Decimal(row.amount).toFixed(),
  remark: row.remark,
  createdAt: row.created_at.toISOString(),
});

/** The amount the member confirmed must be what the price asks now: a price changed meanwhile charges nothing. */
function priced(terms: NodeTerms, input: PurchaseInput): Decimal {
  const amount = terms.smallPrice.times(input.quantity);
  if (!amount.eq(new Decimal(input.expectedAmount))) throw new AppError('NODE_PRICE_CHANGED', { amount: amount.toFixed() });
  return amount;
}

/**
 * Buys small nodes from the wallet. The cap counts every small node the member ever bought (not what
 * they hold after upgrading or allocating), checked under their holdings lock, so purchases at once
 * past the cap get exactly the cap between them. The journal, the purchase row, the holdings and
 * their history, and the key's reply are one transaction.
 */
export async function buySmallNodes(deps: AuthDeps, userId: string, input: PurchaseInput, keyed: KeyedRequest, ip: string) {
  const earlier = await keyed.answered<NodePurchaseReply>(deps.db);
  if (earlier) return earlier.value;
  priced(await nodeTerms(deps.db), input);
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  const [wallet, desk] = await Promise.all([
    accountId(deps.db, { userId, currency: 'USDT', purpose: USER_WALLET }),
    accountId(deps.db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.nodeDesk }),
  ]);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await enterAsMember(trx, userId, keyed);
    const held = (await lockHoldings(trx, [userId])).get(userId);
    if (!held) throw new Error(`node holdings of ${userId} were not locked`);
    const terms = await nodeTerms(trx);
    const amount = priced(terms, input);
    if (held.small_bought + input.quantity > terms.smallCap)
      throw new AppError('NODE_CAP_REACHED', { cap: terms.smallCap, bought: held.small_bought });
    const row = await trx
      .insertInto('node_purchases')
      .values({
        user_id: userId,
        quantity: input.quantity,
        price: terms.smallPrice.toFixed(),
        amount: amount.toFixed(),
        remark: input.remark?.trim() || null,
        idempotency_key: keyed.key,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning(['id', 'quantity', 'price', 'amount', 'remark', 'created_at'])
      .executeTakeFirst();
    // The same key committed by a request running alongside: that one bought the nodes.
    if (!row) throw new KeyTaken();
    const reference = `node-purchase:${row.id}`;
    const { journalId } = await postNew(trx, {
      typeCode: PURCHASE_CODE,
      userId,
      reference,
      idempotencyKey: reference,
      memo: { quantity: input.quantity, price: terms.smallPrice.toFixed() },
      legs: [
        { accountId: wallet, amount: amount.neg().toFixed() },
        { accountId: desk, amount: amount.toFixed() },
      ],
    });
    await trx.updateTable('node_purchases').set({ journal_id: journalId }).where('id', '=', row.id).execute();
    await changeHolding(trx, held, {
      kind: 'purchase',
      typeCode: PURCHASE_CODE,
      small: input.quantity,
      bought: input.quantity,
      reference,
      journalId,
      now,
    });
    const reply = purchaseView(row);
    await keyed.save(trx, reply);
    return reply;
  });
}

export async function purchasesOf(db: Executor, userId: string, query: { cursor?: string | undefined; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  let select = db
    .selectFrom('node_purchases')
    .select(['id', 'quantity', 'price', 'amount', 'remark', 'created_at'])
    .where('user_id', '=', userId);
  if (after)
    select = select.where((eb) =>
      eb.or([eb('created_at', '<', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)])]),
    );
  const rows = await select
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, encodeCursor);
  return { items: page.map(purchaseView), nextCursor };
}
