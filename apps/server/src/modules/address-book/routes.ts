import {
  accountLockStateSchema,
  addAddressBodySchema,
  addressBookReplySchema,
  adminUnlockBodySchema,
  errorReplySchema,
  lockAccountBodySchema,
  lockAccountReplySchema,
  okReplySchema,
  renameAddressBodySchema,
  savedAddressSchema,
  uidSchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { lockState, lockWithLink, unlockAccount } from '../auth/account-security';
import { type AuthDeps, findUserByUid } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import { operatorOf } from '../operators/context';
import { addAddress, addressBook, deleteAddress, renameAddress } from './book';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const me = (request: FastifyRequest) => signedIn(request).userId;

/** The member's withdrawal address book. */
export const addressBookRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  const tags = ['wallet'];

  app.get(
    '/api/v1/wallet/address-book',
    {
      schema: {
        tags,
        security,
        summary: 'My saved withdrawal addresses, when each can be used, and any hold on withdrawals',
        response: { 200: addressBookReplySchema, ...errors },
      },
    },
    async (request) => addressBook(deps, me(request)),
  );

  app.post(
    '/api/v1/wallet/address-book',
    {
      schema: {
        tags,
        security,
        summary: 'Save a withdrawal address (emailed code or payment password); it can be used after the delay',
        body: addAddressBodySchema,
        response: { 200: savedAddressSchema, ...errors },
      },
    },
    async (request) => addAddress(deps, me(request), request.body, request.ip),
  );

  app.patch(
    '/api/v1/wallet/address-book/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a saved address',
        params: idParams,
        body: renameAddressBodySchema,
        response: { 200: savedAddressSchema, ...errors },
      },
    },
    async (request) => renameAddress(deps, me(request), request.params.id, request.body.label),
  );

  app.delete(
    '/api/v1/wallet/address-book/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved address (saving it again starts a new wait)',
        params: idParams,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await deleteAddress(deps, me(request), request.params.id, request.ip);
      return { ok: true as const };
    },
  );
};

/** The "it was not me" link of a security email: no session (the member may have lost it). */
export const accountLockRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps; config: Config }> = async (app, { deps, config }) => {
  app.post(
    '/api/v1/account/lock',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_LOGINS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Lock my account with the single-use link of a security email: ends every session, blocks sign-in and money',
        body: lockAccountBodySchema,
        response: { 200: lockAccountReplySchema, ...errors },
      },
    },
    async (request) => {
      const { lockedAt } = await lockWithLink(deps, request.body.token, request.ip);
      return { locked: true as const, lockedAt: lockedAt.toISOString() };
    },
  );
};

/** Support's side of the lock: read it, and lift it once the member is verified. */
export const accountLockAdminRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const tags = ['admin'];
  const memberId = async (uid: string) => {
    const user = await findUserByUid(deps.db, uid);
    if (!user) throw new AppError('RECIPIENT_NOT_FOUND');
    return user.id;
  };

  app.get(
    '/api/v1/admin/users/:uid/lock',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        security,
        summary: "A member's account lock",
        params: z.object({ uid: uidSchema }),
        response: { 200: accountLockStateSchema, ...errors },
      },
    },
    async (request) => lockState(deps.db, await memberId(request.params.uid)),
  );

  app.post(
    '/api/v1/admin/users/:uid/unlock',
    {
      config: { permission: 'members.lock' },
      schema: {
        tags,
        security,
        summary: "Lift a member's account lock, with a note of how they were verified",
        params: z.object({ uid: uidSchema }),
        body: adminUnlockBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      const userId = await memberId(request.params.uid);
      await unlockAccount(deps, operatorOf(request), userId, request.body.note);
      return { ok: true as const };
    },
  );
};
