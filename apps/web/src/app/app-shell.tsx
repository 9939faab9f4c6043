import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/loading-state';
import lockStyles from '../features/app-lock/app-lock.module.css';
import { useAppLock } from '../features/app-lock/use-app-lock';
import { AppNotices } from '../features/app-release/components/app-notices';
import { LiveBridge } from '../features/notifications/components/live-bridge';
import { ProofAutoCheck } from '../features/reserves/proof-auto-check';
import styles from './app-shell.module.css';
import { CloudOffIcon } from './cloud-off-icon';
import { lazyPage, usePageLoading } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

// Its own chunk, with every page's texts (lazyPage): most opens never lock.
const LockScreen = lazy(lazyPage(() => import('../features/app-lock/lock-screen')));

/**
 * Every route renders inside: a thin progress line while a page chunk loads, and scroll reset per page.
 * A move to a page whose chunk is not in yet keeps the old page up meanwhile (the router moves in a
 * transition, and this boundary has already shown content); only the app's first page shows the skeleton.
 */
export function AppShell() {
  const loading = usePageLoading();
  // Over everything once the app sat unused past the member's app lock setting.
  const lock = useAppLock();
  return (
    <>
      {loading && <div className={styles.progress} role="progressbar" aria-hidden="true" />}
      <LiveBridge />
      {/* The member's proof of reserves, checked by the app once per snapshot, after the first screen. */}
      <ProofAutoCheck />
      {/* Offline and "new version" notices; registers the service worker. */}
      <AppNotices offlineIcon={<CloudOffIcon />} />
      <div
        className={`${lockStyles.content} ${lock.locked ? lockStyles.behindLock : ''}`}
        inert={lock.locked}
        aria-hidden={lock.locked || undefined}
      >
        <Suspense fallback={<LoadingState rows={6} />}>
          <Outlet />
        </Suspense>
      </div>
      <ScrollRestoration />
      {lock.locked && (
        <Suspense fallback={<div className={lockStyles.cover} />}>
          <div className={lockStyles.cover}>
            <RouteErrorBoundary>
              <LockScreen onUnlocked={lock.unlocked} />
            </RouteErrorBoundary>
          </div>
        </Suspense>
      )}
    </>
  );
}
