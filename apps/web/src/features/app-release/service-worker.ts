import { registerSW } from 'virtual:pwa-register';
import { create } from 'zustand';

/** How often an open app asks whether a new build was deployed (besides each start and the manual check). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

type ServiceWorkerState = {
  /** 'unsupported': no service worker here (an old browser, a plain-http address, `vite dev`). */
  status: 'starting' | 'registered' | 'unsupported';
  /** The worker is installed: the app opens without a network. */
  offlineReady: boolean;
  /** A newer build's worker is installed and waiting for the person to switch. */
  needRefresh: boolean;
  /** The banner was closed for this waiting version; the update page still offers it. */
  dismissed: boolean;
};

export const useServiceWorker = create<ServiceWorkerState>(() => ({
  status: 'starting',
  offlineReady: false,
  needRefresh: false,
  dismissed: false,
}));

let started = false;
let registration: ServiceWorkerRegistration | undefined;

/**
 * Registers the service worker once per page (StrictMode and remounts call it again harmlessly).
 * registerType 'prompt': a new deployment's worker installs in the background and waits; the update
 * banner and the update page let the person switch to it when it suits them.
 */
export function startServiceWorker(): void {
  if (started) return;
  started = true;
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) {
    useServiceWorker.setState({ status: 'unsupported' });
    return;
  }
  registerSW({
    immediate: true,
    onNeedRefresh: () => useServiceWorker.setState({ needRefresh: true, dismissed: false }),
    onOfflineReady: () => useServiceWorker.setState({ offlineReady: true }),
    onRegisteredSW: (_url, registered) => {
      registration = registered;
      useServiceWorker.setState({ status: 'registered', offlineReady: Boolean(registered?.active) });
      if (registered) setInterval(() => void checkForNewBuild(), UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError: (error: unknown) => {
      console.warn('service worker registration failed', error);
      useServiceWorker.setState({ status: 'unsupported' });
    },
  });
}

/**
 * Asks the server whether a newer build's worker exists. Resolves true when one is (or already was)
 * waiting; rejects when the server cannot be reached.
 */
export async function checkForNewBuild(): Promise<boolean> {
  // Asked right after the app opened, before registerSW has reported back: the browser knows it already.
  const current = registration ?? ('serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined);
  if (!current) return useServiceWorker.getState().needRefresh;
  await current.update();
  // A found worker installs before it waits: give it a moment to get there.
  for (let i = 0; i < 20 && current.installing; i++) await new Promise((resolve) => setTimeout(resolve, 250));
  return useServiceWorker.getState().needRefresh || Boolean(current.waiting);
}

/**
 * Switches to the waiting build: its worker is told to skip waiting, and the page reloads once it has
 * taken control. Asked of the browser directly rather than through workbox-window's `controlling`
 * event, which reloads only when it judges the page was controlled at registration and was seen to
 * miss that under load.
 */
export async function applyUpdate(): Promise<void> {
  const current = registration ?? ('serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined);
  const waiting = current?.waiting;
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  // The generated worker's own message (registerType 'prompt'): it calls skipWaiting().
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export function dismissUpdate(): void {
  useServiceWorker.setState({ dismissed: true });
}
