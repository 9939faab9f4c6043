/** A calendar date as the contract writes it, yyyy-mm-dd, from the date the picker shows (local time). */
export function dateText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The picker's date for a yyyy-mm-dd text (local midnight), or null when it is not one. */
export function dateOf(text: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dateText(date) === text ? date : null;
}

/** Birth dates the picker offers: an account holder is 18 to 120 years old (the contract's rule). */
export function birthDateRange(today = new Date()): { min: Date; max: Date } {
  const yearsAgo = (years: number) => new Date(today.getFullYear() - years, today.getMonth(), today.getDate());
  return { min: yearsAgo(120), max: yearsAgo(18) };
}
