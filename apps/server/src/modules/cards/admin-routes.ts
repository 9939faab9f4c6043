import { adminCardProductBodySchema, cardProductSchema, errorReplySchema, KYC_PHOTO_SIDES, uidSchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordOperatorAudit } from '../operators/audit-chain';
import { operatorOf } from '../operators/context';
import type { CardDeps } from './deps';
import { memberPhoto } from './kyc/service';
import { changeProduct, createProduct, products } from './service';
import { toProduct } from './view';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** Operator side of cards: the product catalogue and KYC documents (each permission-checked and audited). */
export const cardAdminRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/admin/card-products',
    {
      config: { permission: 'card_products.read' },
      schema: {
        tags,
        security,
        summary: 'Every card product, offered or not',
        response: { 200: z.object({ products: z.array(cardProductSchema) }), ...errors },
      },
    },
    async (request) => ({ products: await products(deps, { enabledOnly: false }, request.language) }),
  );

  app.post(
    '/api/v1/admin/card-products',
    {
      config: { permission: 'card_products.write' },
      schema: {
        tags,
        security,
        summary: 'Add a card product',
        body: adminCardProductBodySchema,
        response: { 200: cardProductSchema, ...errors },
      },
    },
    async (request) => toProduct(await createProduct(deps, operatorOf(request), request.body), request.language),
  );

  app.put(
    '/api/v1/admin/card-products/:id',
    {
      config: { permission: 'card_products.write' },
      schema: {
        tags,
        security,
        summary: 'Change a card product (fees apply to later openings, recharges and months)',
        params: z.object({ id: z.uuid() }),
        body: adminCardProductBodySchema,
        response: { 200: cardProductSchema, ...errors },
      },
    },
    async (request) => toProduct(await changeProduct(deps, operatorOf(request), request.params.id, request.body), request.language),
  );

  app.get(
    '/api/v1/admin/kyc/:uid/photos/:side',
    {
      config: { permission: 'kyc.read' },
      schema: {
        tags,
        security,
        summary: "A user's KYC document photo (operators only)",
        params: z.object({ uid: uidSchema, side: z.enum(KYC_PHOTO_SIDES) }),
      },
    },
    async (request, reply) => {
      const { photo } = await memberPhoto(deps, request.params.uid, request.params.side);
      // Its own transaction: the audit chain numbers entries under a transaction lock.
      await deps.db.transaction().execute((trx) =>
        recordOperatorAudit(trx, operatorOf(request), {
          action: 'kyc.photo.view',
          object: `user:${request.params.uid}`,
          memberUid: request.params.uid,
          after: { side: request.params.side },
        }),
      );
      reply.header('cache-control', 'private, no-store');
      return reply.type(photo.content_type).send(photo.bytes);
    },
  );
};
