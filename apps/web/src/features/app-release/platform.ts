export type Platform = 'android' | 'ios' | 'desktop';

/**
 * Which download the page offers first, from the user agent: Android gets the package, iPhone and
 * iPad (including iPadOS, which says "Macintosh" but has a touch screen) get the home screen steps,
 * everything else the browser install steps.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

/** A file size for people: "23.5 MB", "880 KB", "512 B" (powers of 1024, one decimal from MB up). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** The release notes as lines: one change per line, blank lines and list dashes dropped. */
export function noteLines(notes: string): string[] {
  return notes
    .split('\n')
    .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
    .filter(Boolean);
}
