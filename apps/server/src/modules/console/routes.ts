import {
  consoleCardListSchema,
  consoleCardsQuerySchema,
  consoleDashboardSchema,
  consoleDepositListSchema,
  consoleDepositsQuerySchema,
  consoleFreezeReplySchema,
  consoleLockReplySchema,
  consoleMemberDetailSchema,
  consoleMemberListSchema,
  consoleMembersQuerySchema,
  consoleNoteBodySchema,
  consoleNoteSchema,
  consoleRatesSchema,
  consoleReasonBodySchema,
  consoleSeriesQuerySchema,
  consoleSeriesSchema,
  consoleWithdrawalListSchema,
  consoleWithdrawalsQuerySchema,
  errorReplySchema,
  recordListReplySchema,
  recordsQuerySchema,
  uidSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import * as reads from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const uidParams = z.object({ uid: uidSchema });
const cardParams = z.object({ id: z.uuid() });

/** The console's reads and its member and card actions (issue 42); each route names its permission. */
export const consoleRoutes: FastifyPluginAsyncZod<{ deps: reads.ConsoleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        security,
        summary: "Today's money figures and the open queues",
        response: { 200: consoleDashboardSchema, ...errors },
      },
    },
    async () => reads.dashboard(deps),
  );

  app.get(
    '/api/v1/admin/dashboard/series',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        security,
        summary: 'The figures of the last days, one row a day, valued in USDT at current prices',
        querystring: consoleSeriesQuerySchema,
        response: { 200: consoleSeriesSchema, ...errors },
      },
    },
    async (request) => reads.series(deps, request.query.days),
  );

  app.get(
    '/api/v1/admin/members',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "Members by email, UID, bound address or a card's last four digits",
        querystring: consoleMembersQuerySchema,
        response: { 200: consoleMemberListSchema, ...errors },
      },
    },
    async (request) => reads.members(deps, request.query.q, request.query),
  );

  app.get(
    '/api/v1/admin/members/:uid',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: 'A member: profile, lock, balances, cards, sessions, KYC state, tickets and notes',
        params: uidParams,
        response: { 200: consoleMemberDetailSchema, ...errors },
      },
    },
    async (request) => reads.memberDetail(deps, request.params.uid, request.language),
  );

  app.get(
    '/api/v1/admin/members/:uid/records',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "A member's wallet records, as the member app lists them (paged by cursor)",
        params: uidParams,
        querystring: recordsQuerySchema,
        response: { 200: recordListReplySchema, ...errors },
      },
    },
    async (request) => reads.memberRecords(deps, request.params.uid, request.query, request.language),
  );

  app.post(
    '/api/v1/admin/members/:uid/notes',
    {
      config: { permission: 'members.note' },
      schema: {
        tags,
        security,
        summary: 'Add a note on a member',
        params: uidParams,
        body: consoleNoteBodySchema,
        response: { 200: consoleNoteSchema, ...errors },
      },
    },
    async (request) => reads.addNote(deps, operatorOf(request), request.params.uid, request.body.body),
  );

  app.post(
    '/api/v1/admin/members/:uid/lock',
    {
      config: { permission: 'members.lock' },
      schema: {
        tags,
        security,
        summary: 'Lock a member: no sign-in, no money movement, every session ended (unlock: POST users/:uid/unlock)',
        params: uidParams,
        body: consoleReasonBodySchema,
        response: { 200: consoleLockReplySchema, ...errors },
      },
    },
    async (request) => reads.lockMember(deps, operatorOf(request), request.params.uid, request.body.reason),
  );

  app.get(
    '/api/v1/admin/withdrawals/all',
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        tags,
        security,
        summary: 'Every withdrawal, newest first, by status, member UID, address or transaction hash',
        querystring: consoleWithdrawalsQuerySchema,
        response: { 200: consoleWithdrawalListSchema, ...errors },
      },
    },
    async (request) => reads.withdrawals(deps, request.query, request.query),
  );

  app.get(
    '/api/v1/admin/deposits',
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags,
        security,
        summary: 'Deposits seen on chain, newest first, unattributed ones included',
        querystring: consoleDepositsQuerySchema,
        response: { 200: consoleDepositListSchema, ...errors },
      },
    },
    async (request) => reads.deposits(deps, request.query.status, request.query),
  );

  app.get(
    '/api/v1/admin/cards',
    {
      config: { permission: 'cards.read' },
      schema: {
        tags,
        security,
        summary: "Members' cards, by a card's last four digits or a member UID",
        querystring: consoleCardsQuerySchema,
        response: { 200: consoleCardListSchema, ...errors },
      },
    },
    async (request) => reads.cards(deps, request.query.q, request.query),
  );

  app.post(
    '/api/v1/admin/cards/:id/freeze',
    {
      config: { permission: 'cards.freeze' },
      schema: {
        tags,
        security,
        summary: "Freeze a member's card at the issuer, with a reason",
        params: cardParams,
        body: consoleReasonBodySchema,
        response: { 200: consoleFreezeReplySchema, ...errors },
      },
    },
    async (request) => reads.freezeCard(deps, operatorOf(request), request.params.id, true, request.body.reason),
  );

  app.post(
    '/api/v1/admin/cards/:id/unfreeze',
    {
      config: { permission: 'cards.freeze' },
      schema: {
        tags,
        security,
        summary: "Unfreeze a member's card",
        params: cardParams,
        body: z.object({ reason: consoleReasonBodySchema.shape.reason.optional() }).optional(),
        response: { 200: consoleFreezeReplySchema, ...errors },
      },
    },
    async (request) => reads.freezeCard(deps, operatorOf(request), request.params.id, false, request.body?.reason ?? null),
  );

  app.get(
    '/api/v1/admin/rates',
    {
      config: { permission: 'rates.read' },
      schema: {
        tags,
        security,
        summary: 'The USD prices and the exchange pairs with their spread, fee and switch',
        response: { 200: consoleRatesSchema, ...errors },
      },
    },
    async () => reads.rates(deps),
  );
};
