import { ConfigProvider, unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { languagePack } from './i18n/packs';
import { useAppStore } from './store';

/**
 * antd-mobile 5 mounts Toast, Dialog and Modal through ReactDOM.render, which React 19 removed
 * (see antd-mobile's es/utils/unstable-render.js and its "v5 for React 19" guide). We hand it
 * createRoot instead. Those roots sit outside the app's tree, so we also give them the locale,
 * otherwise imperative dialogs would fall back to antd-mobile's default Chinese texts.
 */
export function setUpAntdMobileRender() {
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node: ReactElement, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    const locale = languagePack(useAppStore.getState().language).antd;
    root.render(<ConfigProvider locale={locale}>{node}</ConfigProvider>);
    const mounted = root;
    return async () => {
      // React 19 refuses to unmount a root while it is rendering; antd's guide waits one task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      mounted.unmount();
      roots.delete(container);
    };
  });
}
