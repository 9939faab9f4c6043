import { adminCardProductBodySchema, cardProductSchema, errorReplySchema, KYC_PHOTO_SIDES, uidSchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { auditAdminAction, requireAdmin } from '../admin/guard';
import { cardProductsChanged } from './card-changes';
import type { CardDeps } from './deps';
import { memberPhoto } from './kyc/service';
import { listProducts } from './queries';
import { toProduct } from './view';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** Operator side of cards: the product catalogue and KYC documents (ADMIN_EMAILS only, audited). */
export const cardAdminRoutes: FastifyPluginAsyncZod<{ deps: CardDeps; config: Config }> = async (app, { deps, config }) => {
  requireAdmin(app, deps.db, deps.clock, config.ADMIN_EMAILS);
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const numbers = (body: z.infer<typeof adminCardProductBodySchema>) => ({
    name: body.name,
    names: body.names,
    level: body.level,
    type: body.type,
    currency: body.currency,
    opening_fee: body.openingFee,
    monthly_fee: body.monthlyFee,
    recharge_fee_rate: body.rechargeFeeRate,
    enabled: body.enabled,
  });

  app.get(
    '/api/v1/admin/card-products',
    {
      schema: {
        tags,
        security,
        summary: 'Every card product, offered or not',
        response: { 200: z.object({ products: z.array(cardProductSchema) }), ...errors },
      },
    },
    async (request) => ({ products: (await listProducts(deps.db, { enabledOnly: false })).map((p) => toProduct(p, request.language)) }),
  );

  app.post(
    '/api/v1/admin/card-products',
    {
      schema: {
        tags,
        security,
        summary: 'Add a card product',
        body: adminCardProductBodySchema,
        response: { 200: cardProductSchema, ...errors },
      },
    },
    async (request) => {
      const row = await deps.db.insertInto('card_products').values(numbers(request.body)).returningAll().executeTakeFirstOrThrow();
      cardProductsChanged(deps.db);
      await auditAdminAction(deps.db, request, { action: 'card_product.create', subject: `card_product:${row.id}`, details: request.body });
      return toProduct(row, request.language);
    },
  );

  app.put(
    '/api/v1/admin/card-products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a card product (fees apply to later openings, recharges and months)',
        params: z.object({ id: z.uuid() }),
        body: adminCardProductBodySchema,
        response: { 200: cardProductSchema, ...errors },
      },
    },
    async (request) => {
      const row = await deps.db
        .updateTable('card_products')
        .set({ ...numbers(request.body), updated_at: deps.clock.now() })
        .where('id', '=', request.params.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('CARD_PRODUCT_NOT_FOUND');
      cardProductsChanged(deps.db);
      await auditAdminAction(deps.db, request, { action: 'card_product.update', subject: `card_product:${row.id}`, details: request.body });
      return toProduct(row, request.language);
    },
  );

  app.get(
    '/api/v1/admin/kyc/:uid/photos/:side',
    {
      schema: {
        tags,
        security,
        summary: "A user's KYC document photo (operators only)",
        params: z.object({ uid: uidSchema, side: z.enum(KYC_PHOTO_SIDES) }),
      },
    },
    async (request, reply) => {
      const { userId, photo } = await memberPhoto(deps, request.params.uid, request.params.side);
      await auditAdminAction(deps.db, request, {
        action: 'kyc.photo.view',
        subject: `user:${userId}`,
        details: { side: request.params.side },
      });
      reply.header('cache-control', 'private, no-store');
      return reply.type(photo.content_type).send(photo.bytes);
    },
  );
};
