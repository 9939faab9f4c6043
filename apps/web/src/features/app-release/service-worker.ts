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
 * Registers the service worker once per page (StrictMode and remounts call it again harmlessly),
 * after the page has loaded: the worker's install downloads the whole build for offline use, which
 * must not compete with the first screen's own files on a slow network. registerType 'prompt' (see
 * build/pwa.ts): a new deployment's worker installs in the background and waits; the update banner
 * and the update page let the person switch to it when it suits them. Told by the browser's own
 * events: workbox-window, which reported the same two things, was some 2.5 kB of every first screen.
 */
export function startServiceWorker(): void {
  if (started) return;
  started = true;
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) {
    useServiceWorker.setState({ status: 'unsupported' });
    return;
  }
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register(): Promise<void> {
  try {
    registration = await navigator.serviceWorker.register('./sw.js', { scope: './' });
  } catch (error) {
    console.warn('service worker registration failed', error);
    useServiceWorker.setState({ status: 'unsupported' });
    return;
  }
  const registered = registration;
  // Nothing registered without an error: service workers are turned off here (a test browser's policy).
  if (!registered) return void useServiceWorker.setState({ status: 'unsupported' });
  useServiceWorker.setState({ status: 'registered', offlineReady: Boolean(registered.active) });
  // A worker installed while no worker ran this page is the first one: the app now opens offline.
  // One installed beside a running worker is a newer build, which waits for the person.
  const followed = new WeakSet<ServiceWorker>();
  const follow = (worker: ServiceWorker | null) => {
    if (!worker || followed.has(worker)) return;
    followed.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) announceWaiting();
      if (worker.state === 'activated') useServiceWorker.setState({ offlineReady: true });
    });
  };
  if (registered.waiting && navigator.serviceWorker.controller) announceWaiting();
  follow(registered.installing);
  registered.addEventListener('updatefound', () => follow(registered.installing));
  setInterval(() => void checkForNewBuild(), UPDATE_CHECK_INTERVAL_MS);
}

function announceWaiting(): void {
  useServiceWorker.setState({ needRefresh: true, dismissed: false });
}

/**
 * Asks the server whether a newer build's worker exists. Resolves true when one is (or already was)
 * waiting; rejects when the server cannot be reached.
 */
export async function checkForNewBuild(): Promise<boolean> {
  // Asked right after the app opened, before its registration has resolved: the browser knows it already.
  const current = registration ?? ('serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined);
  if (!current) return useServiceWorker.getState().needRefresh;
  await current.update();
  // A found worker installs before it waits: give it a moment to get there.
  for (let i = 0; i < 20 && current.installing; i++) await new Promise((resolve) => setTimeout(resolve, 250));
  // Said here too, not only by the worker's events: a check that found a build always offers it.
  if (current.waiting && navigator.serviceWorker.controller && !useServiceWorker.getState().needRefresh) announceWaiting();
  return useServiceWorker.getState().needRefresh || Boolean(current.waiting);
}

/**
 * Switches to the waiting build: its worker is told to skip waiting, and the page reloads once it has
 * taken control.
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
