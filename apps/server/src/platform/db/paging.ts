/**
 * Lists are paged by key: a page reads `limit + 1` rows after the cursor, and the extra row, when
 * there is one, only says that another page follows. Splits what was read into the page and the
 * next page's cursor (null on the last page).
 */
export function keysetPage<R>(rows: R[], limit: number, cursorOf: (row: R) => string): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
