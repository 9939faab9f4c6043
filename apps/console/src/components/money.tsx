import { Typography } from 'antd';

/**
 * Groups a decimal string's whole part in thousands without turning it into a number: amounts carry
 * up to 18 decimals, more than a float holds.
 */
export function groupDigits(amount: string): string {
  const match = /^([+-]?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** An amount as the server sent it, with its currency; negative amounts in the error colour. */
export function Money({ amount, currency, signed = false }: { amount: string; currency?: string; signed?: boolean }) {
  const negative = amount.trim().startsWith('-');
  const text = signed && !negative && !/^[+]/.test(amount) && !/^0*\.?0*$/.test(amount) ? `+${amount}` : amount;
  return (
    <Typography.Text type={negative ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {groupDigits(text)}
      {currency ? ` ${currency}` : ''}
    </Typography.Text>
  );
}
