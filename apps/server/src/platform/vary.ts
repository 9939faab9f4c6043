/** A Vary header with `field` added to what other hooks put there (Origin, Accept-Encoding). */
export function varyWith(held: unknown, field: string): string {
  return held === undefined || held === '' ? field : `${String(held)}, ${field}`;
}
