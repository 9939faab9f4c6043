import 'antd-mobile/es/components/mask/mask.css';
import 'antd-mobile/es/components/auto-center/auto-center.css';
import 'antd-mobile/es/components/toast/toast.css';
import styles from './toast.module.css';

export type ToastOptions = {
  content: string;
  /** How long it stays, in milliseconds (antd-mobile's default: 2 s). */
  duration?: number;
  position?: 'top' | 'center' | 'bottom';
};

const TOP = { top: '20%', center: '50%', bottom: '80%' } as const;
const FADE_MS = 200;

/** The toast on screen, while it is: its words can be changed in place (a language switch rewords it). */
export type ShownToast = { setContent: (content: string) => void };

let current: { mask: HTMLElement; timer: number } | null = null;

function element(tag: string, className: string, ...children: Array<Node | string>): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

/** Takes the toast on screen away, fading. */
export function clearToast(): void {
  if (!current) return;
  const { mask, timer } = current;
  current = null;
  window.clearTimeout(timer);
  mask.className = `${mask.className} ${styles.leaving ?? ''}`;
  window.setTimeout(() => mask.remove(), FADE_MS);
}

/**
 * A text toast in antd-mobile's markup and classes (its Toast.show with a text, one at a time, the
 * new one replacing the old), drawn with the DOM and a CSS fade: antd-mobile's Toast animates with
 * react-spring, some 20 KB gzipped, and the toasts shown here (no network, a live notification) can
 * come while home is still loading. Pages that toast after a tap keep antd-mobile's own.
 */
export function showToast({ content, duration = 2000, position = 'center' }: ToastOptions): ShownToast {
  if (current) {
    current.mask.remove();
    window.clearTimeout(current.timer);
    current = null;
  }
  const words = element('div', 'adm-auto-center-content', content);
  const text = element('div', 'adm-auto-center', words);
  const main = element('div', 'adm-toast-main adm-toast-main-text', text);
  main.style.top = TOP[position];
  const mask = element(
    'div',
    `adm-mask adm-toast-mask ${styles.toast}`,
    element('div', 'adm-mask-content', element('div', 'adm-toast-wrap', main)),
  );
  // As antd-mobile's: an invisible mask that lets taps through, hidden from screen readers.
  mask.setAttribute('aria-hidden', 'true');
  mask.style.pointerEvents = 'none';
  mask.style.background = 'rgba(0, 0, 0, 0)';
  document.body.append(mask);
  const shown = { mask, timer: window.setTimeout(clearToast, duration) };
  current = shown;
  return {
    setContent: (next) => {
      if (current === shown) words.textContent = next;
    },
  };
}
