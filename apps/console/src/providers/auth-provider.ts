import type { AuthProvider } from '@refinedev/core';
import { API } from '../api-paths';
import { apiRequest, isApiError } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { currentSession, forgetSession, loadSession, type Me, rememberSession, sessionEndedByServer } from '../lib/session';

/** Where a console without a session goes. */
export const SIGN_IN_PATH = '/login';

/** The pages used without a session (hash routes). */
const PUBLIC_PAGES = [SIGN_IN_PATH, '/enrol'];

function onPublicPage(): boolean {
  const route = globalThis.location?.hash.replace(/^#/, '').split('?')[0] ?? '';
  return PUBLIC_PAGES.includes(route);
}

/** The codes that mean "no console session": anything else (403, 5xx) is shown where it happened. */
const SIGNED_OUT = new Set(['OPERATOR_SIGN_IN_REQUIRED', 'OPERATOR_SECOND_FACTOR_REQUIRED', 'OPERATOR_DISABLED']);

export function isSignedOutError(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 401 && SIGNED_OUT.has(error.code);
}

/**
 * Refine's auth provider. Signing in takes several steps (password, then TOTP enrolment or a second
 * factor: see pages/sign-in); each step calls the API itself, and the last one hands the operator it
 * answered to `login`, which keeps the session and drops what an earlier session cached. `check` asks
 * GET session, which is also how the server's idle timeout shows: a 401 sends the operator to the
 * sign-in page, which says the session ended (lib/session: takeSessionEnded).
 */
export const authProvider: AuthProvider = {
  async login({ operator }: { operator: Me }) {
    queryClient.clear();
    rememberSession(operator);
    return { success: true, redirectTo: '/' };
  },

  async logout(params?: { redirectPath?: string }) {
    if (currentSession()) {
      try {
        await apiRequest('post', API.signIn.logout);
      } catch (error) {
        // The session is gone already (expired or revoked): nothing is left to end on the server.
        if (!isSignedOutError(error)) throw error;
      }
    }
    forgetSession();
    queryClient.clear();
    return { success: true, redirectTo: params?.redirectPath ?? SIGN_IN_PATH };
  },

  async check() {
    // Refine checks on every route change. On the sign-in and enrolment pages, without a session in
    // memory there is nothing to ask: asking would only log the server's 401 in the browser.
    if (!currentSession() && onPublicPage()) return { authenticated: false };
    try {
      await loadSession();
      return { authenticated: true };
    } catch (error) {
      if (isSignedOutError(error)) {
        sessionEndedByServer();
        return { authenticated: false, logout: true, redirectTo: SIGN_IN_PATH };
      }
      // The server could not answer (down, network): not a sign-out; the page shows the error.
      return { authenticated: false, error: error as Error, redirectTo: SIGN_IN_PATH };
    }
  },

  async onError(error) {
    if (isSignedOutError(error)) {
      sessionEndedByServer();
      return { logout: true, redirectTo: SIGN_IN_PATH };
    }
    return {};
  },

  async getIdentity() {
    return currentSession() ?? (await loadSession());
  },

  async getPermissions() {
    return (currentSession() ?? (await loadSession())).permissions;
  },
};
