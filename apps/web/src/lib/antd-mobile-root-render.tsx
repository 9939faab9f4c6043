import { ConfigProvider } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { antdLocale } from './i18n/packs';
import { useAppStore } from './store';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 mounts Toast, Dialog and Modal through ReactDOM.render, which React 19 removed (its
 * es/utils/render.js re-exports rc-util's shim for React 16-18; see antd-mobile's "v5 for React 19"
 * guide). The build puts this module in that file's place (build/antd-mobile-swaps.ts), so they
 * mount with createRoot, and the shim, with Babel's regenerator runtime, is in no chunk. Those roots
 * sit outside the app's tree, so they get the member's locale too; otherwise imperative dialogs would
 * fall back to antd-mobile's default Chinese texts.
 */
export function render(node: ReactElement, container: Element | DocumentFragment): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  const locale = antdLocale(useAppStore.getState().language);
  root.render(<ConfigProvider locale={locale}>{node}</ConfigProvider>);
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  const root = roots.get(container);
  if (!root) return;
  // React 19 refuses to unmount a root while it is rendering; antd's guide waits one task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  root.unmount();
  roots.delete(container);
}
