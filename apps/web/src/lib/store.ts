import { DEFAULT_LANGUAGE, isLanguage, type Language, SERVER_REGIONS, type ServerRegion } from '@wallet/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type AppState = {
  language: Language;
  /** API origin chosen at login; '' means the origin that served the app. */
  serverUrl: string;
  /** The region picked with serverUrl, null for the default server: two regions may share an address. */
  serverRegion: ServerRegion | null;
  token: string | null;
  /** The token went because the person logged out (not because it expired): no "come back here" on the login page. Not persisted. */
  loggedOut: boolean;
  setLanguage: (language: Language) => void;
  setServer: (serverRegion: ServerRegion | null, serverUrl: string) => void;
  setToken: (token: string) => void;
  clearToken: () => void;
  logOut: () => void;
};

type Persisted = Pick<AppState, 'language' | 'serverUrl' | 'serverRegion' | 'token'>;

/** Client state that outlives a reload: session, language and server choice. Server data lives in TanStack Query. */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      language: DEFAULT_LANGUAGE,
      serverUrl: '',
      serverRegion: null,
      token: null,
      loggedOut: false,
      setLanguage: (language) => set({ language }),
      setServer: (serverRegion, serverUrl) => set({ serverRegion, serverUrl }),
      setToken: (token) => set({ token, loggedOut: false }),
      clearToken: () => set({ token: null }),
      logOut: () => set({ token: null, loggedOut: true }),
    }),
    {
      name: 'sbc-wallet',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language, serverUrl, serverRegion, token }): Persisted => ({ language, serverUrl, serverRegion, token }),
      // localStorage can be edited by hand or left by an older build: keep only values we understand.
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<Persisted>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          serverUrl: typeof saved.serverUrl === 'string' ? saved.serverUrl : current.serverUrl,
          serverRegion: SERVER_REGIONS.find((region) => region === saved.serverRegion) ?? null,
          token: typeof saved.token === 'string' && saved.token !== '' ? saved.token : null,
        };
      },
    },
  ),
);
