import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, useLocation } from 'react-router';
import { wholeCatalogueReady } from '../lib/i18n';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

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
export function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary key={pathname}>{children}</RouteErrorBoundary>;
}

/** The route of the page at `path`, drawn from its own chunk (which `load` imports) once it has come. */
export function page(path: string, load: PageLoader): ReactNode {
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
 * Starts fetching the chunk of the page at `path` (a hash path, query allowed) if its route is known
 * yet, and the texts every page but home draws with. The browser keeps the module, so the route's own
 * lazy() finds it ready; a failure is left to that lazy() to show. False when the route is not known.
 */
export function preloadPage(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const load = PAGE_LOADERS.get(pathname);
  if (!load) return false;
  if (preloaded.has(pathname)) return true;
  preloaded.add(pathname);
  load().catch(() => preloaded.delete(pathname));
  // Every page but home draws with the whole catalogue: it is fetched with the first page asked for.
  wholeCatalogueReady().catch(() => undefined);
  return true;
}
