import type { Language } from '@wallet/contract';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../lib/store';
import { useMe } from '../api/get-me';
import { useUpdateMe } from '../api/update-me';

/**
 * The language on screen is the person's choice, wherever they made it (login page, account tab,
 * settings): the profile follows it, so emails and server messages come in that language too.
 * Renders nothing; pages that show the profile mount it. A failed save is tried again only when
 * the language changes again, never in a loop.
 */
export function ProfileLanguageSync() {
  const language = useAppStore((state) => state.language);
  const saved = useMe().data?.language;
  const { mutate, isPending } = useUpdateMe();
  const tried = useRef<Language | null>(null);

  useEffect(() => {
    if (!saved || saved === language || isPending || tried.current === language) return;
    tried.current = language;
    mutate({ language });
  }, [saved, language, isPending, mutate]);

  return null;
}
