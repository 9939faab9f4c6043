import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where each visited entry of this tab's history was scrolled to, by the router's location key and
 * path: an entry the browser made itself (a typed or linked hash) has no key of the router's own.
 */
const positions = new Map<string, number>();

/**
 * A page opened anew starts at its top; going back (or forward) returns to where that page was left.
 * Kept for this tab's lifetime only: after a reload a page starts at its top.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const key = `${location.key} ${location.pathname}${location.search}`;

  useEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);

  useLayoutEffect(() => {
    window.scrollTo(0, type === 'POP' ? (positions.get(key) ?? 0) : 0);
  }, [key, type]);

  return null;
}
