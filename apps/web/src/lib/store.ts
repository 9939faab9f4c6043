import { DEFAULT_LANGUAGE, isLanguage, type Language, SERVER_REGIONS, type ServerRegion } from '@wallet/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type AppState = {
  language: Language;
  /** API origin chosen at login; '' means the origin that served the app. */
  serverUrl: string;
  /** The region picked with serverUrl, null for the default server: two regions may share an address. */
  serverRegion: ServerRegion | null;
  /**
   * Whether this browser holds a session. The session itself is an HttpOnly cookie no script can read
   * (ADR 0012); this flag only decides which screens to show, and a 401 clears it.
   */
  signedIn: boolean;
  /** The session's CSRF token, echoed on state-changing calls. Memory only: fetched again after a reload. */
  csrfToken: string | null;
  /** The session went because the person logged out (not because it expired): no "come back here" on the login page. Not persisted. */
  loggedOut: boolean;
  setLanguage: (language: Language) => void;
  setServer: (serverRegion: ServerRegion | null, serverUrl: string) => void;
  startSession: (csrfToken: string) => void;
  setCsrfToken: (csrfToken: string | null) => void;
  /** The server said the session is gone (401). */
  endSession: () => void;
  logOut: () => void;
};

type Persisted = Pick<AppState, 'language' | 'serverUrl' | 'serverRegion' | 'signedIn'>;

/** Client state that outlives a reload: session, language and server choice. Server data lives in TanStack Query. */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      language: DEFAULT_LANGUAGE,
      serverUrl: '',
      serverRegion: null,
      signedIn: false,
      csrfToken: null,
      loggedOut: false,
      setLanguage: (language) => set({ language }),
      setServer: (serverRegion, serverUrl) => set({ serverRegion, serverUrl }),
      startSession: (csrfToken) => set({ signedIn: true, csrfToken, loggedOut: false }),
      setCsrfToken: (csrfToken) => set({ csrfToken }),
      endSession: () => set({ signedIn: false, csrfToken: null }),
      logOut: () => set({ signedIn: false, csrfToken: null, loggedOut: true }),
    }),
    {
      name: 'sbc-wallet',
      // Version 1 kept the bearer token here; version 2 drops it (its holder signs in once more).
      version: 2,
      migrate: (stored) => {
        const { token: _dropped, ...rest } = (stored ?? {}) as Partial<Persisted> & { token?: unknown };
        return { ...rest, signedIn: false } as Persisted;
      },
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language, serverUrl, serverRegion, signedIn }): Persisted => ({ language, serverUrl, serverRegion, signedIn }),
      // localStorage can be edited by hand or left by an older build: keep only values we understand.
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<Persisted>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          serverUrl: typeof saved.serverUrl === 'string' ? saved.serverUrl : current.serverUrl,
          serverRegion: SERVER_REGIONS.find((region) => region === saved.serverRegion) ?? null,
          signedIn: saved.signedIn === true,
        };
      },
    },
  ),
);
