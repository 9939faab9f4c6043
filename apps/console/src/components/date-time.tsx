import dayjs from 'dayjs';

/** A server time (ISO string) in the operator's own time zone, to the second; a dash when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—';
}

export function DateTime({ value }: { value: string | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>;
}
