import {
  adminAdjustBodySchema,
  adminPairBodySchema,
  adminRateBodySchema,
  adminRejectBodySchema,
  checkAmount,
  currencySchema,
  errorReplySchema,
  okReplySchema,
  uidSchema,
  withdrawalSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { publishChange } from '../../platform/changes';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { idempotencyKey } from '../../platform/idempotency';
import { signedIn } from '../auth/sessions';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../wallet/ledger';
import { decideWithdrawal, pendingWithdrawals, type WithdrawalDeps } from '../wallet/withdrawals';
import { requireAdmin } from './guard';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/**
 * Operator actions, for accounts whose email is in ADMIN_EMAILS. Every action lands in the audit log.
 * (A console screen comes later; these are API only.)
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: WithdrawalDeps; config: Config }> = async (app, { deps, config }) => {
  requireAdmin(app, deps.db, deps.clock, config.ADMIN_EMAILS);
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const audit = (adminId: string, action: string, subject: string, details: Record<string, unknown>, ip: string) =>
    recordAudit(deps.db, { actorKind: 'admin', actorId: adminId, action, subject, details, ip });

  app.put(
    '/api/v1/admin/rates/:currency',
    {
      schema: {
        tags,
        security,
        summary: 'Set the USD price of a currency',
        params: z.object({ currency: currencySchema }),
        body: adminRateBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      const adminId = signedIn(request).userId;
      const { currency } = request.params;
      await deps.db
        .insertInto('exchange_rates')
        .values({ currency, usd_price: request.body.usdPrice, updated_by: `admin:${adminId}` })
        .onConflict((oc) =>
          oc
            .column('currency')
            .doUpdateSet({ usd_price: request.body.usdPrice, updated_at: deps.clock.now(), updated_by: `admin:${adminId}` }),
        )
        .execute();
      publishChange({ topic: 'rates' });
      await audit(adminId, 'rate.set', `currency:${currency}`, { usdPrice: request.body.usdPrice }, request.ip);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/v1/admin/pairs/:from/:to',
    {
      schema: {
        tags,
        security,
        summary: 'Set the spread and fee of an exchange pair, or turn it off',
        params: z.object({ from: currencySchema, to: currencySchema }),
        body: adminPairBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      const adminId = signedIn(request).userId;
      const { from, to } = request.params;
      const result = await deps.db
        .updateTable('exchange_pairs')
        .set({ spread: request.body.spread, fee_rate: request.body.feeRate, enabled: request.body.enabled })
        .where('from_currency', '=', from)
        .where('to_currency', '=', to)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
      await audit(adminId, 'pair.set', `pair:${from}-${to}`, request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/admin/users/:uid/adjustments',
    {
      schema: {
        tags,
        security,
        summary: 'Credit (positive) or debit (negative) a user, with a reason (ledger code 13)',
        params: z.object({ uid: uidSchema }),
        body: adminAdjustBodySchema,
        response: { 200: z.object({ journalId: z.string(), replayed: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const adminId = signedIn(request).userId;
      const key = idempotencyKey(request);
      const user = await deps.db.selectFrom('users').select(['id']).where('uid', '=', request.params.uid).executeTakeFirst();
      if (!user) throw new AppError('RECIPIENT_NOT_FOUND');
      const { currency, amount, reason } = request.body;
      const magnitude = amount.replace(/^-/, '');
      const checked = checkAmount(magnitude, currency);
      if (!checked.ok) throw new AppError(checked.code);
      const credit = !amount.startsWith('-');
      const signed = credit ? checked.value : checked.value.neg();
      const result = await post(deps.db, {
        typeCode: 13,
        userId: user.id,
        reference: `adjustment:${adminId}`,
        idempotencyKey: `adjustment:${adminId}:${key}`,
        memo: { reason },
        legs: [
          { accountId: await accountId(deps.db, { userId: user.id, currency, purpose: USER_WALLET }), amount: signed.toFixed() },
          {
            accountId: await accountId(deps.db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }),
            amount: signed.neg().toFixed(),
          },
        ],
      });
      if (!result.replayed)
        await audit(
          adminId,
          credit ? 'balance.credit' : 'balance.debit',
          `user:${user.id}`,
          { currency, amount: signed.toFixed(), reason },
          request.ip,
        );
      return result;
    },
  );

  app.get(
    '/api/v1/admin/withdrawals',
    {
      schema: {
        tags,
        security,
        summary: 'Withdrawals waiting for review',
        response: { 200: z.object({ withdrawals: z.array(withdrawalSchema) }), ...errors },
      },
    },
    async () => ({ withdrawals: await pendingWithdrawals(deps) }),
  );

  app.post(
    '/api/v1/admin/withdrawals/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a withdrawal and mark it sent',
        params: z.object({ id: z.uuid() }),
        body: z.object({ txHash: z.string().trim().min(10).max(100).optional() }),
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) =>
      decideWithdrawal(deps, signedIn(request).userId, request.params.id, { approve: true, txHash: request.body.txHash }, request.ip),
  );

  app.post(
    '/api/v1/admin/withdrawals/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a withdrawal and return the funds',
        params: z.object({ id: z.uuid() }),
        body: adminRejectBodySchema,
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) =>
      decideWithdrawal(deps, signedIn(request).userId, request.params.id, { approve: false, reason: request.body.reason }, request.ip),
  );
};
