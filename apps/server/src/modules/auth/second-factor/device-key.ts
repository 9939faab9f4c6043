import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../../platform/db/database';
import { insertTrustedDevice } from './queries';

/**
 * Which device a sign-in comes from: a random key the browser keeps in an HttpOnly cookie, sent only
 * to the sign-in routes. A sign-in whose key one of the member's live sessions was made with is on a
 * known device and is not asked the second factor; any other (a new browser, an API client without
 * cookies, a thief who copied the user-agent) is.
 */
export const DEVICE_COOKIE = 'sbc_device';
const COOKIE_PATH = '/api/v1/auth';
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;
// Browsers keep a cookie at most 400 days; a device unused that long is asked again.
const COOKIE_SECONDS = 400 * 24 * 3600;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The device key of a sign-in route's request: the cookie's, or a new one. */
    deviceKey: string | null;
    /** Set once a session was made with a new key: the reply then hands the key to the browser. */
    deviceKeyToSet: boolean;
  }
}

export const deviceKeyHash = (key: string) => hash('sha256', `device\0${key}`, 'buffer');

/** Where a sign-in comes from, as its route reads it off the request for the service. */
export interface SignInDevice {
  ip: string;
  userAgent: string | undefined;
  /** The browser's device key, on the sign-in routes (registerDeviceKeys). */
  deviceKey: string | null;
}

export function signInDevice(request: FastifyRequest): SignInDevice {
  return { ip: request.ip, userAgent: request.headers['user-agent'], deviceKey: request.deviceKey };
}

/**
 * A sign-in's reply, once the service made a session (a reply with a token, not a second-factor
 * challenge): the device key it was recorded with goes to the browser (rememberDevice).
 */
export function keepDeviceKey<Reply extends object>(request: FastifyRequest, reply: Reply): Reply {
  if ('token' in reply && request.deviceKey) request.deviceKeyToSet = true;
  return reply;
}

/**
 * Registered in the scope of the sign-in routes (under COOKIE_PATH), not the whole app: every other
 * request would pay for two hooks that do nothing for it (ADR 0031).
 */
export function registerDeviceKeys(app: FastifyInstance): void {
  app.decorateRequest('deviceKey', null);
  app.decorateRequest('deviceKeyToSet', false);
  app.addHook('onRequest', async (request) => {
    const sent = request.cookies?.[DEVICE_COOKIE];
    request.deviceKey = sent && KEY_SHAPE.test(sent) ? sent : randomBytes(32).toString('base64url');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.deviceKeyToSet && request.deviceKey && reply.statusCode < 300) {
      reply.setCookie(DEVICE_COOKIE, request.deviceKey, {
        httpOnly: true,
        secure: request.protocol === 'https' || !LOCAL_HOSTS.has(request.hostname.replace(/:\d+$/, '')),
        sameSite: 'strict',
        path: COOKIE_PATH,
        maxAge: COOKIE_SECONDS,
      });
    }
    return payload;
  });
}

/** Records the device a new session was made on; the route's reply then gives the browser its key (keepDeviceKey). */
export async function rememberDevice(db: Executor, userId: string, sessionId: string, deviceKey: string | null, now: Date) {
  if (!deviceKey) return;
  await insertTrustedDevice(db, { sessionId, userId, keyHash: deviceKeyHash(deviceKey), now });
}
