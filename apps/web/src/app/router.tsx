import { createHashRouter } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { TabLayout } from '../components/tab-layout';
import { AppShell } from './app-shell';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

/**
 * Hash routes mirror the spec: #/pages/<route>/index lives in src/pages/<route>/index.tsx. Each page
 * is its own chunk. Error elements sit on the pages, so a failed tab keeps the tab bar.
 */
export const router = createHashRouter([
  {
    element: <AppShell />,
    hydrateFallbackElement: <LoadingState rows={6} />,
    errorElement: <RouteError />,
    children: [
      {
        element: <TabLayout />,
        children: [
          { index: true, lazy: lazyPage(() => import('../pages/home')), errorElement: <RouteError /> },
          { path: 'pages/wallet/index', lazy: lazyPage(() => import('../pages/wallet')), errorElement: <RouteError /> },
          { path: 'pages/account/index', lazy: lazyPage(() => import('../pages/account')), errorElement: <RouteError /> },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('../pages/not-found')), errorElement: <RouteError /> },
    ],
  },
]);
