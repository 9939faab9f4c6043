/**
 * A Vary header with `field` added to what other hooks put there (Origin, Accept-Encoding), unless it
 * is there already.
 */
export function varyWith(held: unknown, field: string): string {
  if (held === undefined || held === '') return field;
  const fields = String(held);
  return fields.toLowerCase().includes(field.toLowerCase()) ? fields : `${fields}, ${field}`;
}
