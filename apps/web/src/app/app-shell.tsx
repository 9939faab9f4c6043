import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AppNotices } from '../features/app-release/components/app-notices';
import { LiveBridge } from '../features/notifications/components/live-bridge';
import styles from './app-shell.module.css';
import { CloudOffIcon } from './cloud-off-icon';

/** Every route renders inside: a thin progress line while a page chunk loads, and scroll reset per page. */
export function AppShell() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className={styles.progress} role="progressbar" aria-hidden="true" />}
      <LiveBridge />
      {/* Offline and "new version" notices; registers the service worker. */}
      <AppNotices offlineIcon={<CloudOffIcon />} />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
