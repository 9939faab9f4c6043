import { type CardProduct, type Currency, isCurrency, type Language, type Notification } from '@wallet/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { productNameIn } from './notification-product';

/** Parameters that are amounts are shown exactly, with their currency's grouping. */
const AMOUNT_PARAMS = ['amount', 'returned'] as const;

/**
 * A notification in the reader's language: stored as a code and parameters, worded now, so a language
 * switch rewrites every message. A code this build does not know yet gets a neutral sentence. With the
 * card products (given here, or to the call), a card's product is named in that language too (see productNameIn).
 */
export function useNotificationText(products?: readonly CardProduct[]) {
  const { t, i18n } = useTranslation();
  const language: Language = useAppStore((state) => state.language);
  return useCallback(
    (notification: Pick<Notification, 'code' | 'params'>, knownProducts: readonly CardProduct[] | undefined = products) => {
      const params: Record<string, string> = { ...notification.params };
      const product = productNameIn(notification.params, knownProducts, language);
      if (product !== undefined) params.product = product;
      const currency = params.currency;
      for (const key of AMOUNT_PARAMS) {
        const value = params[key];
        if (value !== undefined && currency && isCurrency(currency)) params[key] = formatExactMoney(value, currency as Currency);
      }
      if (params.cny) params.cny = formatExactMoney(params.cny, 'CNY');
      // A security notice's device as the server names it ("Chrome · Linux"); empty when it knows none.
      if (params.device === '') params.device = t('notifications.unknown.device');
      if (params.reason) {
        const key = `notifications.reasons.${params.reason}`;
        params.reason = i18n.exists(key) ? t(key as 'notifications.reasons.other') : t('notifications.reasons.other');
      }
      const known = i18n.exists(`notifications.title.${notification.code}`);
      const title = known
        ? t(`notifications.title.${notification.code}` as 'notifications.title.deposit_seen')
        : t('notifications.unknown.title');
      // Parameters differ per code; the catalogue test checks each text's placeholders.
      const body = known
        ? String(t(`notifications.body.${notification.code}` as 'notifications.body.deposit_seen', params as never))
        : t('notifications.unknown.body');
      // The two as one line (a toast), joined as the language punctuates it.
      return { title, body, line: t('notifications.live', { title, body }) };
    },
    [t, i18n, products, language],
  );
}
