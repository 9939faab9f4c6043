import { PAYEE_KINDS, type PayeeKind } from '@wallet/contract';

/** The flash exchange screens (PRODUCT_SPEC.md section 2), one sell screen per kind of account. */
export const SELL_PATHS: Readonly<Record<PayeeKind, string>> = { alipay: '/pages/huichu/index', bank: '/pages/duihuan/index' };
export const ORDERS_PATH = '/pages/huichu/orders';
export const PAYEES_PATH = '/pages/collectionDui/index';
export const PAYEE_FORM_PATH = '/pages/addInfo/index';
export const orderPath = (id: string) => `/pages/huichu/order?id=${encodeURIComponent(id)}`;

/** The kind named in an address (?kind=bank, ?choose=alipay), or null when it names none. */
export function payeeKindOf(value: string | null): PayeeKind | null {
  return PAYEE_KINDS.find((kind) => kind === value) ?? null;
}
