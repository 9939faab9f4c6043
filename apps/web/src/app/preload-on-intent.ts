/**
 * Fetches a page's chunk as soon as someone shows the intent to open it: a finger or pointer going
 * down on a link or tab (the tap itself comes 100 ms or more later) or keyboard focus reaching it. The
 * page then usually opens without a loading line. Links are <a href="#/pages/…">; other controls that
 * navigate (the tab bar) name their target in data-preload.
 */
export function preloadOnIntent(preload: (path: string) => void): () => void {
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    const target = event.target.closest('[data-preload], a[href^="#/"]');
    if (!target) return;
    const path = target.getAttribute('data-preload') ?? target.getAttribute('href')?.slice(1);
    if (path) preload(path);
  };
  const options = { capture: true, passive: true } as const;
  const events = ['pointerdown', 'touchstart', 'focusin'] as const;
  for (const type of events) document.addEventListener(type, onIntent, options);
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent, options);
  };
}
