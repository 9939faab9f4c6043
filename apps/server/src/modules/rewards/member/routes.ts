import {
  agencySummarySchema,
  earningsSeriesSchema,
  errorReplySchema,
  handTicketBodySchema,
  handTicketReplySchema,
  invitationReplySchema,
  inviteeListReplySchema,
  inviteesQuerySchema,
  rewardListReplySchema,
  rewardsQuerySchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, signedIn } from '../../auth/sessions';
import { agencySummary, earnings, handTicket, invitation, invitees, type RewardMemberDeps, rewards } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['rewards'];
const security = [{ bearer: [] }];
const me = (request: FastifyRequest) => signedIn(request).userId;

/** The member's side of the invitation and agency programme (InvitationSun and tuiguang screens). */
export const rewardMemberRoutes: FastifyPluginAsyncZod<{ deps: RewardMemberDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/invitation',
    { schema: { tags, security, summary: 'My invite code, link and referral ID', response: { 200: invitationReplySchema, ...errors } } },
    async (request) => invitation(deps, me(request)),
  );

  app.get(
    '/api/v1/invitation/invitees',
    {
      schema: {
        tags,
        security,
        summary: 'The members I invited, newest first, with their steps',
        description: 'Steps: registered, KYC passed, a card opened (active), a settled card purchase. Emails are masked.',
        querystring: inviteesQuerySchema,
        response: { 200: inviteeListReplySchema, ...errors },
      },
    },
    async (request) => invitees(deps, me(request), request.query),
  );

  app.get(
    '/api/v1/agency/summary',
    {
      schema: {
        tags,
        security,
        summary: 'My agency centre: role, team, cards opened today, tickets and earnings per currency',
        description:
          'Earnings are net of cancelled and clawed-back amounts. total: released rewards, all time; available: what reached the wallet (also less what repaid an amount owed); pending: inside the holding window; owed: clawed back and not yet recovered.',
        response: { 200: agencySummarySchema, ...errors },
      },
    },
    async (request) => agencySummary(deps, me(request)),
  );

  app.get(
    '/api/v1/agency/earnings',
    {
      schema: {
        tags,
        security,
        summary: 'My earnings per UTC day and currency, the last 30 days',
        response: { 200: earningsSeriesSchema, ...errors },
      },
    },
    async (request) => earnings(deps, me(request)),
  );

  app.get(
    '/api/v1/agency/rewards',
    {
      schema: {
        tags,
        security,
        summary: 'My reward log, newest first, with the reason, rule and source of each row',
        querystring: rewardsQuerySchema,
        response: { 200: rewardListReplySchema, ...errors },
      },
    },
    async (request) => rewards(deps, me(request), request.query),
  );

  app.post(
    '/api/v1/agency/tickets/hand',
    {
      schema: {
        tags,
        security,
        summary: 'Hand one of my card tickets to a member I invited',
        description: 'Naturally once: a member holding an unused ticket is refused (409), so no Idempotency-Key is needed.',
        body: handTicketBodySchema,
        response: { 200: handTicketReplySchema, ...errors },
      },
    },
    async (request) => handTicket(deps, me(request), request.body.uid),
  );
};
