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

/** `path` with these query parameters set, keeping the others it has. */
export function withQuery(path: string, params: Readonly<Record<string, string>>): string {
  const at = path.indexOf('?');
  const query = new URLSearchParams(at === -1 ? '' : path.slice(at + 1));
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  const text = query.toString();
  const base = at === -1 ? path : path.slice(0, at);
  return text === '' ? base : `${base}?${text}`;
}

/** `path` carrying where to go once signed in (or once a choice is made). */
export function withRedirect(path: string, redirect: string | null): string {
  const target = safeRedirect(redirect);
  return target ? withQuery(path, { redirect: target }) : path;
}

/** The login page that returns to `from` afterwards. */
export function loginPathFor(from: string): string {
  return withRedirect(LOGIN_PATH, from);
}
