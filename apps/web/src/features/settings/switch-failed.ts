import { LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { i18n } from '../../lib/i18n';

/** A language's texts could not be fetched (no network): the app stays in the current language and says why. */
export function showNetworkError(): void {
  Toast.show({ content: i18n.t('errors.network'), duration: LIMITS.client.toastDurationMs });
}
