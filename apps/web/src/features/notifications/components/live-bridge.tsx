import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type CardProduct, CLIENT_LIMITS, type Notification } from '@wallet/contract';
import { useEffect, useRef } from 'react';
import { connectLive, onLiveEvent } from '../../../lib/live-events';
import { NOTIFICATIONS_QUERY_KEY } from '../../../lib/query-keys';
import { useAppStore } from '../../../lib/store';
import { type ShownToast, showToast } from '../../../lib/toast';
import { useNotificationText } from './notification-text';

/** Queries whose data a balance change can alter: wallet, top-up, withdrawals, cards and flash exchange. */
const MONEY_QUERY_KEYS = [['wallet'], ['top-up'], ['withdraw'], ['cards'], ['payout']] as const;

/**
 * Holds the live stream open while signed in and turns its events into fresh screens: a balance change
 * re-reads the money screens on show, a notification refreshes the messages and appears as a toast.
 * On (re)connecting, everything that may have changed meanwhile is read again.
 */
export function LiveBridge() {
  const signedIn = useAppStore((state) => state.signedIn);
  const serverUrl = useAppStore((state) => state.serverUrl);
  const queryClient = useQueryClient();
  const text = useNotificationText();
  // The live notice on screen and what it says: a language switch while it shows rewords it.
  const shown = useRef<{ toast: ShownToast; notification: Notification } | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    return connectLive({
      url: () => `${serverUrl.replace(/\/+$/, '')}/api/v1/me/events`,
      signedIn: () => useAppStore.getState().signedIn,
      language: () => useAppStore.getState().language,
    });
  }, [signedIn, serverUrl]);

  useEffect(() => {
    // A credit brings a balance event and a notification together: the second joins the read the
    // first started instead of cancelling and starting it again.
    const refreshMoney = () => {
      for (const queryKey of MONEY_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };
    const offBalances = onLiveEvent('balances', refreshMoney);
    const offReady = onLiveEvent('ready', () => {
      refreshMoney();
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    });
    const offNotification = onLiveEvent('notification', (data) => {
      // What a notification is about (an order paid, a card opened) is on a money screen too.
      refreshMoney();
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      const notification = data as Notification;
      if (!notification?.code) return;
      // Longer than an action's toast: this one is read, not just noticed.
      const toast = showToast({
        content: toastText(text, notification, queryClient),
        duration: 2 * CLIENT_LIMITS.toastDurationMs,
        position: 'top',
      });
      shown.current = { toast, notification };
    });
    return () => {
      offBalances();
      offReady();
      offNotification();
    };
  }, [queryClient, text]);

  useEffect(() => {
    const last = shown.current;
    if (last) last.toast.setContent(toastText(text, last.notification, queryClient));
  }, [text, queryClient]);

  return null;
}

/**
 * The notice's words. A card's product is named from the card products already read in any language
 * (each carries every language's name; the cards feature keys them ['cards', 'products', language]):
 * the live bridge is on every screen, so it never fetches the catalogue itself.
 */
function toastText(text: ReturnType<typeof useNotificationText>, notification: Notification, queryClient: QueryClient): string {
  const products = queryClient
    .getQueriesData<{ products: CardProduct[] }>({ queryKey: ['cards', 'products'] })
    .find(([, data]) => data?.products)?.[1]?.products;
  return text(notification, products).line;
}
