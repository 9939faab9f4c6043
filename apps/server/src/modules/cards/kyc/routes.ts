import { KYC_PHOTO_MAX_BYTES, KYC_PHOTO_SIDES, kycBodySchema, kycStatusSchema, okReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { requireSession, signedIn } from '../../auth/sessions';
import type { CardDeps } from '../deps';
import { errors, security, tags } from '../route-schemas';
import { kycStatus, readPhoto, savePhoto, submitKyc } from './service';

const sideParams = z.object({ side: z.enum(KYC_PHOTO_SIDES) });

/** The cardholder's KYC: status, the form, and document photos (private to their owner). */
export const cardKycRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  // Document photos arrive as the raw image body (the browser compresses first), checked by content.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: KYC_PHOTO_MAX_BYTES + 1024 * 1024 },
    (_r, body, done) => done(null, body),
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
