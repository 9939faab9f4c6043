import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './app-shell.module.css';

/** Every route renders inside: a thin progress line while a page chunk loads, and scroll reset per page. */
export function AppShell() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className={styles.progress} role="progressbar" aria-hidden="true" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
