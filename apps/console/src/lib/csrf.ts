/**
 * The console session's CSRF token, in memory only: the server sends it with every sign-in step and
 * with GET session (so a reloaded console recovers it), and the console sends it back on every unsafe
 * request. Never written to localStorage or sessionStorage: a script that could read those could then
 * forge requests; the cookie itself is HttpOnly.
 */
let token: string | null = null;

export function setCsrfToken(value: string | null): void {
  token = value;
}

export function csrfToken(): string | null {
  return token;
}
