import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, ticking once a second. Counting against the clock (not
 * decrementing) keeps it right after the phone slept or the tab was in the background.
 */
export function useCountdown(initialSeconds = 0): { secondsLeft: number; start: (seconds: number) => void } {
  // Counting from the first render when asked to, e.g. a quote's validity from when it arrived.
  const [until, setUntil] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  return {
    secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)),
    start: (seconds) => {
      const current = Date.now();
      setNow(current);
      setUntil(current + seconds * 1000);
    },
  };
}
