import { ErrorComponent, ThemedLayout, useNotificationProvider } from '@refinedev/antd';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, {
  CatchAllNavigate,
  DocumentTitleHandler,
  NavigateToResource,
  UnsavedChangesNotifier,
} from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Outlet, Route, Routes } from 'react-router';
import { ConsoleHeader } from './layout/header';
import { IdleWatch } from './layout/idle-watch';
import { PageContent } from './layout/page-content';
import { ConsoleTitle } from './layout/title';
import { queryClient } from './lib/query-client';
import { agencyRoutes } from './pages/agency';
import { opsRoutes } from './pages/ops';
import { EnrolPage } from './pages/sign-in/enrol-page';
import { createAccessControlProvider } from './providers/access-control';
import { auditLogProvider } from './providers/audit-log-provider';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { RESOURCES, translatedResources } from './resources';
import { ownRoutes, publicRoutes } from './routes';

const accessControlProvider = createAccessControlProvider(RESOURCES);

export function App() {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh';
  dayjs.locale(zh ? 'zh-cn' : 'en');
  // Made again when the language changes, so Refine's menu, buttons and titles follow it.
  const i18nProvider = useMemo(
    () => ({
      translate: (key: string, options?: unknown, defaultMessage?: string) =>
        String(
          i18n.t(key, {
            ...(typeof options === 'object' ? options : {}),
            defaultValue: defaultMessage ?? (typeof options === 'string' ? options : key),
          }),
        ),
      changeLocale: (language: string) => i18n.changeLanguage(language),
      getLocale: () => i18n.language,
    }),
    [i18n, i18n.language],
  );
  const resources = useMemo(() => translatedResources(t), [t]);

  return (
    <HashRouter>
      <ConfigProvider locale={zh ? zhCN : enUS} theme={{ token: { colorPrimary: '#1d4ed8' } }}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            auditLogProvider={auditLogProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              // Nothing leaves for another host at run time: no telemetry, no update checks.
              disableTelemetry: true,
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              reactQuery: { clientConfig: queryClient },
              title: { text: t('common.appName') },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" redirectOnFail="/login">
                    <ThemedLayout Header={ConsoleHeader} Title={ConsoleTitle}>
                      <IdleWatch />
                      <PageContent>
                        <Outlet />
                      </PageContent>
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                {ownRoutes}
                {opsRoutes}
                {agencyRoutes}
                <Route path="*" element={<ErrorComponent />} />
              </Route>
              <Route
                element={
                  <Authenticated key="sign-in" fallback={<Outlet />}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              >
                {publicRoutes}
              </Route>
              <Route path="/enrol" element={<EnrolPage />} />
              <Route path="*" element={<CatchAllNavigate to="/login" />} />
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler
              handler={({ resource }) => `${resource?.meta?.label ? `${resource.meta.label} | ` : ''}${t('common.appName')}`}
            />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
}
