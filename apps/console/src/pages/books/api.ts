/** Every admin API path of the books pages (issue 45), relative to /api/v1/admin (lib/http.ts adds it). */
const id = (value: string | number) => encodeURIComponent(String(value));

export const BOOKS_API = {
  runs: 'books/runs',
  run: (runId: string) => `books/runs/${id(runId)}`,
  breaks: 'books/breaks',
  break: (breakId: string) => `books/breaks/${id(breakId)}`,
  accept: (breakId: string) => `books/breaks/${id(breakId)}/accept`,
  booking: (breakId: string) => `books/breaks/${id(breakId)}/booking`,
  snapshots: 'books/snapshots',
  proofFailures: 'books/proof-failures',
} as const;

/** The member app's public proof-of-reserves page, on this same host (the app is served at its root). */
export const PUBLIC_RESERVES_PAGE = '/#/pages/reserves/index';

/**
 * The rows of a list reply: the runs and breaks answer `{ items, total }`, and a plain list is read as
 * the same rows, so a list route that answers either way shows its rows rather than nothing.
 */
export function rowsOf<T>(reply: { items: T[] } | T[] | undefined): T[] {
  if (!reply) return [];
  return Array.isArray(reply) ? reply : reply.items;
}
