import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { TabLayout } from '../components/tab-layout';
import { wholeCatalogueReady } from '../lib/i18n';
import HomePage from '../pages/home/index';
import { AppShell } from './app-shell';
import { lazyPage } from './lazy-page';
import { RequireSession } from './require-session';
import { RouteErrorBoundary } from './route-error-boundary';
import { SignedOutOnly } from './signed-out-only';

/**
 * One rule maps routes to files: the hash route #/pages/<path> lives in src/pages/<path>.tsx, so the
 * route string and the import below read the same. The spec's routes mostly end in "index"
 * (#/pages/wallet/index -> src/pages/wallet/index.tsx); those that do not are files beside it
 * (#/pages/login/newIndex -> src/pages/login/newIndex.tsx, #/pages/login/forgot -> forgot.tsx).
 * Each page is its own chunk but home. Each page has its own error boundary, so a failed tab keeps the
 * tab bar. The routes are declared, not a data router: nothing here loads data before a page draws
 * (TanStack Query does, in the page), and the data router weighed 16 KB more in the first load.
 */
type PageLoader = () => Promise<{ default: ComponentType }>;

/** Each page's chunk by its path, so preloadRoute can fetch one before its route is entered. */
const PAGE_LOADERS = new Map<string, PageLoader>();

/** A page as its route draws it: behind an error boundary that a move to another page resets. */
function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary key={pathname}>{children}</RouteErrorBoundary>;
}

function page(path: string, load: PageLoader): ReactNode {
  PAGE_LOADERS.set(`/${path}`, load);
  const Component = lazy(lazyPage(load));
  return (
    <Route
      key={path}
      path={path}
      element={
        <Page>
          <Component />
        </Page>
      }
    />
  );
}

const preloaded = new Set<string>();

/**
 * Starts fetching the chunk of the page at `path` (a hash path, query allowed), and the texts every
 * page but home draws with. The browser keeps the module, so the route's own lazy() finds it ready;
 * a failure is left to that lazy() to show.
 */
export function preloadRoute(path: string): void {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const load = PAGE_LOADERS.get(pathname);
  if (!load || preloaded.has(pathname)) return;
  preloaded.add(pathname);
  load().catch(() => preloaded.delete(pathname));
  // Every page but home draws with the whole catalogue: it is fetched with the first page asked for.
  wholeCatalogueReady().catch(() => undefined);
}

/**
 * Every route of the app, drawn inside the app shell: made once, when this module loads, so each
 * page's lazy component (and PAGE_LOADERS, which preloadRoute reads) exists before anything renders.
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
      <Route element={<SignedOutOnly />}>
        {page('pages/login/index', () => import('../pages/login/index'))}
        {page('pages/login/newIndex', () => import('../pages/login/newIndex'))}
        {page('pages/login/forgot', () => import('../pages/login/forgot'))}
        {page('pages/register/index', () => import('../pages/register/index'))}
      </Route>
      <Route element={<RequireSession />}>
        {page('pages/password_pay/index', () => import('../pages/password_pay/index'))}
        {page('pages/editPassSun/index', () => import('../pages/editPassSun/index'))}
        {page('pages/security/index', () => import('../pages/security/index'))}
        {page('pages/bindingAddress/index', () => import('../pages/bindingAddress/index'))}
        {page('pages/bindingAddress/xiugaiSun/index', () => import('../pages/bindingAddress/xiugaiSun/index'))}
        {page('pages/bindingAddress/editpass/index', () => import('../pages/bindingAddress/editpass/index'))}
        {page('pages/manageSun/index', () => import('../pages/manageSun/index'))}
        {page('pages/mine/profile/index', () => import('../pages/mine/profile/index'))}
        {page('pages/transferMoneySun/index', () => import('../pages/transferMoneySun/index'))}
        {page('pages/transferMoneySun/bindSun/index', () => import('../pages/transferMoneySun/bindSun/index'))}
        {page('pages/withdrawSun/index', () => import('../pages/withdrawSun/index'))}
        {page('pages/addressBook/index', () => import('../pages/addressBook/index'))}
        {page('pages/addressBook/add', () => import('../pages/addressBook/add'))}
        {page('pages/topUpSun/index', () => import('../pages/topUpSun/index'))}
        {page('pages/topUpSun/toSun/index', () => import('../pages/topUpSun/toSun/index'))}
        {page('pages/topUpSun/toEth/index', () => import('../pages/topUpSun/toEth/index'))}
        {page('pages/topUpSun/toBtc/index', () => import('../pages/topUpSun/toBtc/index'))}
        {page('pages/orderD/index', () => import('../pages/orderD/index'))}
        {page('pages/mine/payment_code/index', () => import('../pages/mine/payment_code/index'))}
        {page('pages/changeBZSun/index', () => import('../pages/changeBZSun/index'))}
        {page('pages/exchangeSun/index', () => import('../pages/exchangeSun/index'))}
        {page('pages/recordsSun/index', () => import('../pages/recordsSun/index'))}
        {page('pages/recordsSun/detail', () => import('../pages/recordsSun/detail'))}
        {page('pages/statement/index', () => import('../pages/statement/index'))}
        {page('pages/cardNewSbc/index', () => import('../pages/cardNewSbc/index'))}
        {page('pages/apply_card_opne/index', () => import('../pages/apply_card_opne/index'))}
        {page('pages/afterOpen/index', () => import('../pages/afterOpen/index'))}
        {page('pages/newKYC/index', () => import('../pages/newKYC/index'))}
        {page('pages/cardBasic/index', () => import('../pages/cardBasic/index'))}
        {page('pages/cardBasic/transaction', () => import('../pages/cardBasic/transaction'))}
        {page('pages/cardControls/index', () => import('../pages/cardControls/index'))}
        {page('pages/app-cvv/index', () => import('../pages/app-cvv/index'))}
        {page('pages/rechargeCardSun/index', () => import('../pages/rechargeCardSun/index'))}
        {page('pages/cardToSun/index', () => import('../pages/cardToSun/index'))}
        {page('pages/kuaidi/index', () => import('../pages/kuaidi/index'))}
        {page('pages/anfCardPass/index', () => import('../pages/anfCardPass/index'))}
        {page('pages/bindCardSun/index', () => import('../pages/bindCardSun/index'))}
        {page('pages/bound/index', () => import('../pages/bound/index'))}
        {page('pages/kycPokey/index', () => import('../pages/kycPokey/index'))}
        {page('pages/huichu/index', () => import('../pages/huichu/index'))}
        {page('pages/duihuan/index', () => import('../pages/duihuan/index'))}
        {page('pages/huichu/orders', () => import('../pages/huichu/orders'))}
        {page('pages/huichu/order', () => import('../pages/huichu/order'))}
        {page('pages/collectionDui/index', () => import('../pages/collectionDui/index'))}
        {page('pages/addInfo/index', () => import('../pages/addInfo/index'))}
        {page('pages/workOrder/index', () => import('../pages/workOrder/index'))}
        {page('pages/workOrder/new', () => import('../pages/workOrder/new'))}
        {page('pages/workOrder/detail', () => import('../pages/workOrder/detail'))}
        {page('pages/messageSun/index', () => import('../pages/messageSun/index'))}
      </Route>
      {/* The app's own pages (version, update, download, about) read the same signed in or out; so do
          the help centre and the support page, and the lock link of a security email, whoever is
          signed in here, or no one. */}
      {page('pages/app_version/index', () => import('../pages/app_version/index'))}
      {page('pages/appupdate/index', () => import('../pages/appupdate/index'))}
      {page('pages/down/index', () => import('../pages/down/index'))}
      {page('pages/regardsSun/index', () => import('../pages/regardsSun/index'))}
      {page('pages/helpcenterSun/index', () => import('../pages/helpcenterSun/index'))}
      {page('pages/helpcenterSun/familiar/index', () => import('../pages/helpcenterSun/familiar/index'))}
      {page('pages/helpcenterSun/correlation/index', () => import('../pages/helpcenterSun/correlation/index'))}
      {page('pages/service/index', () => import('../pages/service/index'))}
      {page('pages/lockAccount/index', () => import('../pages/lockAccount/index'))}
      {page('*', () => import('../pages/not-found/index'))}
    </Route>
  </Routes>
);

export function AppRoutes() {
  return ROUTES;
}
