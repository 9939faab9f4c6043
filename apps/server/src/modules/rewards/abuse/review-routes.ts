import {
  adminReferralReviewDecisionBodySchema,
  adminReferralReviewDecisionReplySchema,
  adminReferralReviewListQuerySchema,
  adminReferralReviewListReplySchema,
  adminReferralReviewParamsSchema,
  errorReplySchema,
} from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { operatorOf } from '../../operators/context';
import { decideReview, listReviews } from './reviews';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];

export interface ReviewRouteDeps {
  db: Db;
  clock: Clock;
}

/** The console's abuse review list of the invitation programme and the decision on a review (issue 43). */
export const reviewAdminRoutes: FastifyPluginAsyncZod<{ deps: ReviewRouteDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/agency/reviews',
    {
      config: { permission: 'agency.read' },
      schema: {
        tags,
        security,
        summary: 'Referral pairs the abuse rules linked, by status (open unless asked), newest first, with their held rewards',
        querystring: adminReferralReviewListQuerySchema,
        response: { 200: adminReferralReviewListReplySchema, ...errors },
      },
    },
    async (request) => listReviews(deps.db, request.query),
  );

  app.post(
    '/api/v1/admin/agency/reviews/:id/decision',
    {
      config: { permission: 'agency.reviews' },
      schema: {
        tags,
        security,
        summary:
          "Clear a review (its held rewards go on to the holding window) or void it (voids the linked accounts' unpaid rewards); audited",
        params: adminReferralReviewParamsSchema,
        body: adminReferralReviewDecisionBodySchema,
        response: { 200: adminReferralReviewDecisionReplySchema, ...errors },
      },
    },
    async (request) =>
      decideReview(deps.db, operatorOf(request), request.params.id, request.body.decision, request.body.note, deps.clock.now()),
  );
};

/** For rewards/register.ts: the review routes of the console. */
export async function registerReviewRoutes(app: FastifyInstance, deps: ReviewRouteDeps): Promise<void> {
  await app.register(reviewAdminRoutes, { deps });
}
