import { uidSchema } from '@wallet/contract';

/** The transfer page a payment code opens, with the payee's UID filled in. */
export const TRANSFER_PATH = '/pages/transferMoneySun/index';

/** The in-app route of a transfer to `uid`. */
export function transferRoute(uid: string): string {
  return `${TRANSFER_PATH}?uid=${encodeURIComponent(uid)}`;
}

/**
 * The link a payment code holds: this app (origin and path, e.g. "https://wallet.example/") with
 * the transfer route in its hash, so any phone camera opens the transfer page with the UID filled in.
 */
export function paymentLink(appUrl: string, uid: string): string {
  return `${appUrl.replace(/#.*$/, '')}#${transferRoute(uid)}`;
}

const isUid = (value: string | null): boolean => value !== null && uidSchema.safeParse(value).success;

/**
 * The UID a scanned code names, or null when it is not a payment code: a payment link (of any
 * host: only the UID is taken from it, and the transfer still asks who it is before paying) or a
 * bare UID.
 */
export function uidFromScan(text: string): string | null {
  const value = text.trim();
  if (isUid(value)) return value;
  const hashAt = value.indexOf('#');
  if (hashAt === -1) return null;
  const route = value.slice(hashAt + 1);
  const [path, query = ''] = route.split('?', 2);
  if (path !== TRANSFER_PATH) return null;
  const uid = new URLSearchParams(query).get('uid');
  return uid !== null && isUid(uid) ? uid : null;
}
