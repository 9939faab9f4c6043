import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { TabLayout } from '../components/tab-layout';
import HomePage from '../pages/home/index';
import { AppShell } from './app-shell';
import { lazyPage } from './lazy-page';
import { Page, page, preloadPage } from './page-route';

const loadOtherRoutes = () => import('./other-routes');
const OtherRoutes = lazy(lazyPage(loadOtherRoutes));

/**
 * Starts fetching the chunk of the page at `path` (a hash path, query allowed), and the texts every
 * page but home draws with; for a page other than the tabs, the table of those pages first.
 */
export function preloadRoute(path: string): void {
  if (preloadPage(path)) return;
  loadOtherRoutes()
    .then(() => preloadPage(path))
    .catch(() => undefined);
}

/**
 * The tabs, drawn inside the app shell, and every other page behind a catch-all (other-routes.tsx).
 * Made once, when this module loads, so each tab's lazy component (and the loaders preloadRoute
 * reads) exists before anything renders.
 */
const ROUTES = (
  <Routes>
    <Route element={<AppShell />}>
      {/* The tabs stay reachable signed out; the account tab then offers to sign in. */}
      <Route element={<TabLayout />}>
        {/* Home is the app's start page (and the installed app's start_url): it comes with the first
            load instead of after it, one round trip sooner on the screen most opens show. */}
        <Route
          index
          element={
            <Page>
              <HomePage />
            </Page>
          }
        />
        {page('pages/wallet/index', () => import('../pages/wallet/index'))}
        {page('pages/account/index', () => import('../pages/account/index'))}
      </Route>
      <Route
        path="*"
        element={
          <Page>
            <OtherRoutes />
          </Page>
        }
      />
    </Route>
  </Routes>
);

export function AppRoutes() {
  return ROUTES;
}
