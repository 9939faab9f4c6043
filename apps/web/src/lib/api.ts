import { CLIENT_LIMITS } from '@wallet/contract';
import { createApiClient } from './api-client';
import { fetchWithBootReplies } from './boot-replies';
import { firstScreenSchemas } from './first-screen-schemas';
import { i18n, wholeCatalogueReady } from './i18n';
import { isAuthPath, loginPathFor } from './redirect';
import { useAppStore } from './store';
import { showToast } from './toast';
import { withTimeout } from './with-timeout';

/**
 * The app's API client, wired to the store and to the screen. It lives apart from api-client.ts so
 * the client can be tested in Node without antd-mobile or a DOM.
 */
export const api = createApiClient({
  baseUrl: () => useAppStore.getState().serverUrl,
  fetch: fetchWithBootReplies,
  csrfToken: (fresh) => sessionCsrfToken(fresh),
  language: () => useAppStore.getState().language,
  endSession: () => useAppStore.getState().endSession(),
  // A 401 sends people to the login page (PRODUCT_SPEC.md section 2), which brings them back here.
  goToLogin: () => {
    const here = window.location.hash.replace(/^#/, '') || '/';
    if (!isAuthPath(here)) window.location.hash = loginPathFor(here);
  },
  // The error messages come with the rest of the language (lib/i18n/whole), which home does not load:
  // fetched for the first error reply, waited for a little only; without them the reply's own sentence shows.
  beforeErrorReply: () =>
    withTimeout(wholeCatalogueReady(), CLIENT_LIMITS.errorTextsWaitMs, 'Error messages did not load').catch(() => undefined),
  onUnreachable: (reason) => {
    showToast({
      content: i18n.t(reason === 'timeout' ? 'errors.timeout' : 'errors.network'),
      duration: CLIENT_LIMITS.toastDurationMs,
    });
  },
});

let pendingCsrf: Promise<string | null> | null = null;

/**
 * The CSRF token of this browser's session. A sign-in brings it; after a reload it is asked for once
 * (GET /api/v1/auth/session needs none), however many calls want it at the same moment.
 */
export function sessionCsrfToken(fresh = false): Promise<string | null> {
  const { signedIn, csrfToken } = useAppStore.getState();
  if (!signedIn) return Promise.resolve(null);
  if (csrfToken && !fresh) return Promise.resolve(csrfToken);
  pendingCsrf ??= api
    .get('/api/v1/auth/session', { schema: firstScreenSchemas.csrf })
    .then(({ csrfToken: token }) => {
      useAppStore.getState().setCsrfToken(token);
      return token;
    })
    .finally(() => {
      pendingCsrf = null;
    });
  return pendingCsrf;
}
