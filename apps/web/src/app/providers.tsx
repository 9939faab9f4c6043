import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, useSyncExternalStore } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError, isClientErrorCode } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { antdLocale, isWholeLanguageLoaded, subscribeWholeLanguages } from '../lib/i18n/packs';
import { useAppStore } from '../lib/store';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retry only what may pass on a second try: error replies of a struggling server. No reply at
      // all has already been shown to the person (toast) after up to 60 s; they can pull to refresh
      // or tap Retry themselves.
      retry: (failureCount, error) =>
        failureCount < 2 && error instanceof ApiError && error.status >= 500 && !isClientErrorCode(error.code),
    },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  // Drawn again when the rest of the language is in: antd-mobile's texts then carry the form messages
  // that came with it. i18next's 'added' event alone may fire between this render and its listener
  // being attached (a form page opened directly), leaving the library's own "does not match the
  // pattern /^…$/" in place; the subscription below reads the state again once it listens.
  useTranslation();
  useSyncExternalStore(subscribeWholeLanguages, () => isWholeLanguageLoaded(language));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocale(language)}>{children}</ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
