import { LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { createApiClient } from './api-client';
import { i18n } from './i18n';
import { isAuthPath, loginPathFor } from './redirect';
import { useAppStore } from './store';

/**
 * The app's API client, wired to the store and to the screen. It lives apart from api-client.ts so
 * the client can be tested in Node without antd-mobile or a DOM.
 */
export const api = createApiClient({
  baseUrl: () => useAppStore.getState().serverUrl,
  token: () => useAppStore.getState().token,
  language: () => useAppStore.getState().language,
  clearToken: () => useAppStore.getState().clearToken(),
  // A 401 sends people to the login page (PRODUCT_SPEC.md section 2), which brings them back here.
  goToLogin: () => {
    const here = window.location.hash.replace(/^#/, '') || '/';
    if (!isAuthPath(here)) window.location.hash = loginPathFor(here);
  },
  onUnreachable: (reason) => {
    Toast.show({
      content: i18n.t(reason === 'timeout' ? 'errors.timeout' : 'errors.network'),
      duration: LIMITS.client.toastDurationMs,
    });
  },
});
