import { TabBar } from 'antd-mobile';
import { AppOutline, BankcardOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLiveStatus } from '../lib/live-events';
import { useUnreadCount } from '../lib/queries/get-unread-count';
import styles from './tab-layout.module.css';

type Tab = { path: string; label: 'tabs.home' | 'tabs.wallet' | 'tabs.account'; testId: string; icon: ReactNode };

const ACCOUNT_PATH = '/pages/account/index';

/** The three tabs of PRODUCT_SPEC.md section 2, in order: home (0), card pack (1), account (2). */
const TABS: readonly Tab[] = [
  { path: '/', label: 'tabs.home', testId: 'tab-home', icon: <AppOutline /> },
  { path: '/pages/wallet/index', label: 'tabs.wallet', testId: 'tab-wallet', icon: <BankcardOutline /> },
  { path: ACCOUNT_PATH, label: 'tabs.account', testId: 'tab-account', icon: <UserOutline /> },
];

/** Wraps the tab pages only; every other route renders without the bar. */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Polled only while the live stream is down; otherwise live events refresh it.
  const live = useLiveStatus((state) => state.connected);
  const unread = useUnreadCount(!live).data?.unread ?? 0;

  return (
    <>
      <main className={styles.content}>
        <Outlet />
      </main>
      <nav className={styles.bar}>
        <TabBar activeKey={pathname} onChange={(path) => path !== pathname && navigate(path)} safeArea>
          {TABS.map((tab) => (
            <TabBar.Item
              key={tab.path}
              icon={tab.icon}
              title={t(tab.label)}
              badge={tab.path === ACCOUNT_PATH && unread > 0 ? (unread > 99 ? '99+' : unread) : undefined}
              data-testid={tab.testId}
              // Its page's chunk is fetched as the finger goes down (app/preload-on-intent.ts).
              data-preload={tab.path}
            />
          ))}
        </TabBar>
      </nav>
    </>
  );
}
