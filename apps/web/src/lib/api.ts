import { LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { createApiClient } from './api-client';
import { i18n } from './i18n';
import { useAppStore } from './store';

/** Where a 401 sends people (PRODUCT_SPEC.md section 2). */
export const LOGIN_HASH = '#/pages/login/index';

/**
 * The app's API client, wired to the store and to the screen. It lives apart from api-client.ts so
 * the client can be tested in Node without antd-mobile or a DOM.
 */
export const api = createApiClient({
  baseUrl: () => useAppStore.getState().serverUrl,
  token: () => useAppStore.getState().token,
  language: () => useAppStore.getState().language,
  clearToken: () => useAppStore.getState().clearToken(),
  goToLogin: () => {
    window.location.hash = LOGIN_HASH;
  },
  onUnreachable: (reason) => {
    Toast.show({
      content: i18n.t(reason === 'timeout' ? 'errors.timeout' : 'errors.network'),
      duration: LIMITS.client.toastDurationMs,
    });
  },
});
