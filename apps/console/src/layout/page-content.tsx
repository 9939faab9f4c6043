import { Grid } from 'antd';
import type { ReactNode } from 'react';

/**
 * The page below the header. Under the sider's breakpoint (lg) Refine's layout puts its menu button at
 * the top left of the page, over the page's title: the page starts below it there.
 */
export function PageContent({ children }: { children: ReactNode }) {
  const drawerButtonShown = Grid.useBreakpoint().lg === false;
  return <div style={{ paddingTop: drawerButtonShown ? 28 : 0 }}>{children}</div>;
}
