import { type Cookies, parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Cookie header's cookies, parsed when read (read it once and keep what you need). */
    readonly cookies: Cookies;
  }
  interface FastifyReply {
    /** Adds a Set-Cookie line, replacing one this reply set earlier for the same name and path. */
    setCookie(name: string, value: string, options: SerializeOptions): FastifyReply;
    /** Tells the browser to forget the cookie: the same name and path, expired. */
    clearCookie(name: string, options: SerializeOptions): FastifyReply;
  }
}

/**
 * Cookies read and set with the `cookie` package. Only the web app's session and the sign-in routes'
 * device key are cookies, and most requests (API clients with a bearer token, every read of a
 * signed-in page after the first) never look at them: they are parsed when a route asks, not on every
 * request, and set straight into the reply's headers. @fastify/cookie, used before, parsed every
 * request's header into a new object and a new map in one hook and looked at the map in another
 * (ADR 0031).
 */
export function registerCookies(app: FastifyInstance): void {
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest): Cookies {
      const header = this.headers.cookie;
      return header ? parseCookie(header) : {};
    },
  });
  app.decorateReply('setCookie', function setCookie(this: FastifyReply, name: string, value: string, options: SerializeOptions) {
    const line = stringifySetCookie(name, value, { sameSite: 'lax', ...options });
    const path = options.path ?? '/';
    const held = this.getHeader('set-cookie');
    const earlier = held === undefined ? [] : Array.isArray(held) ? held.map(String) : [String(held)];
    this.removeHeader('set-cookie');
    this.header('set-cookie', [...earlier.filter((set) => !sameCookie(set, name, path)), line]);
    return this;
  });
  app.decorateReply('clearCookie', function clearCookie(this: FastifyReply, name: string, options: SerializeOptions) {
    return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
  });
}

/** Whether a Set-Cookie line sets the cookie `name` at `path`. */
function sameCookie(line: string, name: string, path: string): boolean {
  if (!line.startsWith(`${name}=`)) return false;
  const given = /;\s*path=([^;]*)/iu.exec(line)?.[1]?.trim() ?? '/';
  return given === path;
}
