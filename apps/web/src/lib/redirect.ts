/** Where sign-in pages send people afterwards: pure helpers, shared by the API client and the pages. */

export const LOGIN_PATH = '/pages/login/index';

/** Pages for signing in; a redirect never points back to one of them. */
const AUTH_PATHS = ['/pages/login/', '/pages/register/'];

export function isAuthPath(path: string): boolean {
  return AUTH_PATHS.some((prefix) => path.startsWith(prefix));
}

/** Only in-app paths are followed: "/pages/…", never "//host" or a full URL. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || isAuthPath(value)) return null;
  return value;
}

/** `path` carrying where to go once signed in. */
export function withRedirect(path: string, redirect: string | null): string {
  const target = safeRedirect(redirect);
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}

/** The login page that returns to `from` afterwards. */
export function loginPathFor(from: string): string {
  return withRedirect(LOGIN_PATH, from);
}
