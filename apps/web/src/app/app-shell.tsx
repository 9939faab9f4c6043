import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { AppNotices } from '../features/app-release/components/app-notices';
import { LiveBridge } from '../features/notifications/components/live-bridge';
import styles from './app-shell.module.css';
import { CloudOffIcon } from './cloud-off-icon';
import { usePageLoading } from './lazy-page';
import { ScrollRestoration } from './scroll-restoration';

/**
 * Every route renders inside: a thin progress line while a page chunk loads, and scroll reset per page.
 * A move to a page whose chunk is not in yet keeps the old page up meanwhile (the router moves in a
 * transition, and this boundary has already shown content); only the app's first page shows the skeleton.
 */
export function AppShell() {
  const loading = usePageLoading();
  return (
    <>
      {loading && <div className={styles.progress} role="progressbar" aria-hidden="true" />}
      <LiveBridge />
      {/* Offline and "new version" notices; registers the service worker. */}
      <AppNotices offlineIcon={<CloudOffIcon />} />
      <Suspense fallback={<LoadingState rows={6} />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
