import { create } from 'zustand';

/** Chromium's install offer, fired once early in the page's life; not in the DOM typings. */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = {
  /** The browser offered to install the app and has not been answered yet. */
  canInstall: boolean;
  /** Running as the installed app (home screen or its own window), or installed in this session. */
  installed: boolean;
};

let offer: BeforeInstallPromptEvent | null = null;

const standalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);

export const useInstallState = create<InstallState>(() => ({ canInstall: false, installed: standalone() }));

let listening = false;

/** Keeps the browser's install offer for the download page's Install button; call once, early. */
export function listenForInstallOffer(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button asks instead of the browser's mini bar, and only where the person looks for it.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    useInstallState.setState({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    useInstallState.setState({ canInstall: false, installed: true });
  });
}

/** Shows the browser's install dialog; true when the person accepted. */
export async function promptInstall(): Promise<boolean> {
  if (!offer) return false;
  const pending = offer;
  offer = null;
  useInstallState.setState({ canInstall: false });
  await pending.prompt();
  const { outcome } = await pending.userChoice;
  if (outcome === 'accepted') useInstallState.setState({ installed: true });
  return outcome === 'accepted';
}
