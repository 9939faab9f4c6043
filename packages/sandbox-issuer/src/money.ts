/** Card currencies (USD, HKD) have 2 decimals; the sandbox counts in cents as bigint, never floats. */
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

export function isAmount(value: unknown): value is string {
  return typeof value === 'string' && AMOUNT.test(value) && toMinor(value) > 0n;
}

export function toMinor(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function fromMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const cents = abs % 100n;
  return `${sign}${abs / 100n}${cents === 0n ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`}`;
}
