import {
  bindCardBodySchema,
  cardFundingListSchema,
  cardListSchema,
  cardOperationSchema,
  cardProductListSchema,
  cardSchema,
  cardTransactionListSchema,
  cardTransactionSchema,
  cardWithdrawBodySchema,
  cardWithdrawQuoteSchema,
  cardWithdrawReplySchema,
  errorReplySchema,
  freezeBodySchema,
  KYC_PHOTO_MAX_BYTES,
  KYC_PHOTO_SIDES,
  kycBodySchema,
  kycStatusSchema,
  okReplySchema,
  openCardBodySchema,
  pinBodySchema,
  rechargeBodySchema,
  rechargeQuoteBodySchema,
  rechargeQuoteSchema,
  rechargeReplySchema,
  revealBodySchema,
  revealReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { idempotencyKey, once } from '../../platform/idempotency';
import { requireSession, signedIn } from '../auth/sessions';
import { bindPhysicalCard, revealCard, setFrozen, setPin } from './card-actions';
import { getCard, getTransaction, listCards, listFunding, listTransactions } from './cards-read';
import type { CardDeps } from './deps';
import { getOperation, recharge, rechargeQuote, withdrawQuote, withdrawToWallet } from './funding';
import { kycStatus, readPhoto, savePhoto, submitKyc } from './kyc';
import { openCard } from './opening';
import { listProducts } from './queries';
import { toProduct } from './view';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Required. Unique per attempt; a retry with the same key returns the first reply'),
});
const cardParams = z.object({ id: z.uuid() });
/** A page of a list, newest first: `cursor` is the `nextCursor` of the page before. */
const pageQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const sideParams = z.object({ side: z.enum(KYC_PHOTO_SIDES) });

/** The signed-in user's cards: products, opening, KYC, recharge, card to wallet, reveal, freeze, transactions. */
export const cardRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  // Document photos arrive as the raw image body (the browser compresses first), checked by content.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: KYC_PHOTO_MAX_BYTES + 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );
  const tags = ['cards'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/cards/products',
    { schema: { tags, security, summary: 'Card products on offer', response: { 200: cardProductListSchema, ...errors } } },
    async (request) => ({ products: (await listProducts(deps.db, { enabledOnly: true })).map((p) => toProduct(p, request.language)) }),
  );

  app.get(
    '/api/v1/cards',
    { schema: { tags, security, summary: 'My cards, newest first', response: { 200: cardListSchema, ...errors } } },
    async (request) => ({ cards: await listCards(deps, signedIn(request).userId, request.language) }),
  );

  app.post(
    '/api/v1/cards',
    {
      schema: {
        tags,
        security,
        summary: 'Buy a card: the opening fee is taken now (code 21) and the card opened in the background',
        headers: idempotencyHeader,
        body: openCardBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return once(deps, request, reply, userId, async (key) => {
        const card = await openCard(deps, userId, request.body, key);
        return getCard(deps, userId, card.id, request.language);
      });
    },
  );

  app.get(
    '/api/v1/cards/:id',
    { schema: { tags, security, summary: 'One card', params: cardParams, response: { 200: cardSchema, ...errors } } },
    async (request) => getCard(deps, signedIn(request).userId, request.params.id, request.language),
  );

  app.post(
    '/api/v1/cards/:id/reveal',
    {
      schema: {
        tags,
        security,
        summary: 'Card number and CVV, after the payment password; never cached',
        params: cardParams,
        body: revealBodySchema,
        response: { 200: revealReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
      return revealCard(deps, signedIn(request).userId, request.params.id, request.body.paymentPassword);
    },
  );

  app.post(
    '/api/v1/cards/:id/freeze',
    {
      schema: {
        tags,
        security,
        summary: 'Freeze or unfreeze my card',
        params: cardParams,
        body: freezeBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      await setFrozen(deps, userId, request.params.id, request.body.frozen);
      return getCard(deps, userId, request.params.id, request.language);
    },
  );

  app.post(
    '/api/v1/cards/:id/bind',
    {
      schema: {
        tags,
        security,
        summary: 'Bind a delivered physical card by the number printed on it (checked by the issuer; binding again is harmless)',
        params: cardParams,
        body: bindCardBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      await bindPhysicalCard(deps, userId, request.params.id, request.body.cardNumber);
      return getCard(deps, userId, request.params.id, request.language);
    },
  );

  app.post(
    '/api/v1/cards/:id/pin',
    {
      schema: {
        tags,
        security,
        summary: 'Set the 6-digit card PIN',
        params: cardParams,
        body: pinBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await setPin(deps, signedIn(request).userId, request.params.id, request.body.pin, request.body.paymentPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/cards/:id/recharge/quote',
    {
      schema: {
        tags,
        security,
        summary: 'What a recharge costs (fee first) and what reaches the card',
        params: cardParams,
        body: rechargeQuoteBodySchema,
        response: { 200: rechargeQuoteSchema, ...errors },
      },
    },
    async (request) => rechargeQuote(deps, signedIn(request).userId, request.params.id, request.body.amount),
  );

  app.post(
    '/api/v1/cards/:id/recharge',
    {
      schema: {
        tags,
        security,
        summary: 'Recharge the card from the wallet (USDT to a USD card, HKD to an HKD card)',
        headers: idempotencyHeader,
        params: cardParams,
        body: rechargeBodySchema,
        response: { 200: rechargeReplySchema, ...errors },
      },
    },
    // No reply cache (platform/idempotency): the operation row is the request's record, and a repeat
    // answers it as it now stands, so a client polling with the same key sees it finish.
    async (request) => {
      const { userId } = signedIn(request);
      const key = idempotencyKey(request);
      return recharge(deps, userId, request.params.id, request.body.amount, request.body.paymentPassword, key);
    },
  );

  app.post(
    '/api/v1/cards/:id/withdraw',
    {
      schema: {
        tags,
        security,
        summary: 'Move card balance back to the wallet (code 17)',
        headers: idempotencyHeader,
        params: cardParams,
        body: cardWithdrawBodySchema,
        response: { 200: cardWithdrawReplySchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const key = idempotencyKey(request);
      return withdrawToWallet(deps, userId, request.params.id, request.body.amount, request.body.paymentPassword, key);
    },
  );

  app.post(
    '/api/v1/cards/:id/withdraw/quote',
    {
      schema: {
        tags,
        security,
        summary: 'What a card to wallet moves: the amount, the rate and what reaches the wallet',
        params: cardParams,
        body: rechargeQuoteBodySchema,
        response: { 200: cardWithdrawQuoteSchema, ...errors },
      },
    },
    async (request) => withdrawQuote(deps, signedIn(request).userId, request.params.id, request.body.amount),
  );

  app.get(
    '/api/v1/cards/:id/operations/:operationId',
    {
      schema: {
        tags,
        security,
        summary: 'A recharge or card to wallet as it stands (poll while it is processing)',
        params: z.object({ id: z.uuid(), operationId: z.uuid() }),
        response: { 200: cardOperationSchema, ...errors },
      },
    },
    async (request) => getOperation(deps, signedIn(request).userId, request.params.id, request.params.operationId),
  );

  app.get(
    '/api/v1/cards/:id/transactions',
    {
      schema: {
        tags,
        security,
        summary: 'Card transactions, newest first',
        params: cardParams,
        querystring: pageQuery,
        response: { 200: cardTransactionListSchema, ...errors },
      },
    },
    async (request) => listTransactions(deps, signedIn(request).userId, request.params.id, request.query, request.language),
  );

  app.get(
    '/api/v1/cards/:id/transactions/:txId',
    {
      schema: {
        tags,
        security,
        summary: 'One card transaction',
        params: z.object({ id: z.uuid(), txId: z.string().regex(/^\d{1,18}$/) }),
        response: { 200: cardTransactionSchema, ...errors },
      },
    },
    async (request) => getTransaction(deps, signedIn(request).userId, request.params.id, request.params.txId, request.language),
  );

  app.get(
    '/api/v1/cards/:id/funding',
    {
      schema: {
        tags,
        security,
        summary: 'Card funding history (recharges, withdrawals to the wallet, fees), newest first',
        params: cardParams,
        querystring: pageQuery,
        response: { 200: cardFundingListSchema, ...errors },
      },
    },
    async (request) => listFunding(deps, signedIn(request).userId, request.params.id, request.query, request.language),
  );

  app.get(
    '/api/v1/cards/kyc',
    { schema: { tags, security, summary: 'My KYC status', response: { 200: kycStatusSchema, ...errors } } },
    async (request) => kycStatus(deps, signedIn(request).userId),
  );

  app.post(
    '/api/v1/cards/kyc',
    { schema: { tags, security, summary: 'Submit (or redo) KYC', body: kycBodySchema, response: { 200: kycStatusSchema, ...errors } } },
    async (request) => submitKyc(deps, signedIn(request).userId, request.body),
  );

  app.put(
    '/api/v1/cards/kyc/photos/:side',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a document photo (raw JPEG, PNG or WebP body, 5 MB at most)',
        params: sideParams,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('KYC_PHOTO_INVALID');
      await savePhoto(deps, signedIn(request).userId, request.params.side, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/cards/kyc/photos/:side',
    { schema: { tags, security, summary: 'My document photo (only to me)', params: sideParams } },
    async (request, reply) => {
      const photo = await readPhoto(deps, signedIn(request).userId, request.params.side);
      reply.header('cache-control', 'private, no-store');
      return reply.type(photo.content_type).send(photo.bytes);
    },
  );
};
