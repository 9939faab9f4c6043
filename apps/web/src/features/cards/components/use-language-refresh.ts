import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../../lib/store';

/**
 * Card replies carry texts the server wrote in the language of the request (product names, a failed
 * opening's message, decline reasons): after a language switch the cached ones are refetched, so an
 * open card screen follows the switch without a reload.
 */
export function useCardTextsFollowLanguage() {
  const language = useAppStore((state) => state.language);
  const queryClient = useQueryClient();
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    void queryClient.invalidateQueries({ queryKey: ['cards'] });
  }, [language, queryClient]);
}
