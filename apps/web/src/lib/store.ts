import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@wallet/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type AppState = {
  language: Language;
  /** API origin chosen at login; '' means the origin that served the app. */
  serverUrl: string;
  token: string | null;
  setLanguage: (language: Language) => void;
  setServerUrl: (serverUrl: string) => void;
  setToken: (token: string) => void;
  clearToken: () => void;
};

type Persisted = Pick<AppState, 'language' | 'serverUrl' | 'token'>;

/** Client state that outlives a reload: session, language and server choice. Server data lives in TanStack Query. */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      language: DEFAULT_LANGUAGE,
      serverUrl: '',
      token: null,
      setLanguage: (language) => set({ language }),
      setServerUrl: (serverUrl) => set({ serverUrl }),
      setToken: (token) => set({ token }),
      clearToken: () => set({ token: null }),
    }),
    {
      name: 'sbc-wallet',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language, serverUrl, token }): Persisted => ({ language, serverUrl, token }),
      // localStorage can be edited by hand or left by an older build: keep only values we understand.
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<Persisted>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          serverUrl: typeof saved.serverUrl === 'string' ? saved.serverUrl : current.serverUrl,
          token: typeof saved.token === 'string' && saved.token !== '' ? saved.token : null,
        };
      },
    },
  ),
);
