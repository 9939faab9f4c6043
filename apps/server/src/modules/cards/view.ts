import {
  type Card,
  type CardProduct,
  type CardTransaction,
  DECLINE_REASON_LABELS,
  Decimal,
  type DeclineReason,
  ERRORS,
  type Language,
} from '@wallet/contract';
import type { CardRow, CardTxRow, ProductRow } from './queries';

const plain = (value: string | null | undefined) => new Decimal(value ?? 0).toFixed();

/**
 * Every product is issued from the issuer's one BIN range (4999 99..., see the sandbox issuer's
 * TEST_BIN), a Visa range; a product column comes when an operator adds a range on another network.
 */
const ISSUER_NETWORK = 'visa' as const;

export function toProduct(row: ProductRow, language: Language): CardProduct {
  return {
    id: row.id,
    name: row.names[language] ?? row.name,
    names: row.names,
    level: row.level,
    type: row.type,
    currency: row.currency,
    network: ISSUER_NETWORK,
    openingFee: plain(row.opening_fee),
    monthlyFee: plain(row.monthly_fee),
    rechargeFeeRate: plain(row.recharge_fee_rate),
    enabled: row.enabled,
  };
}

export function toCard(
  row: CardRow,
  product: ProductRow,
  balances: { balance: string; held: string },
  kyc: { status: Card['kycStatus']; reason: string | null },
  language: Language,
): Card {
  return {
    id: row.id,
    product: toProduct(product, language),
    type: row.type,
    currency: row.currency,
    holderName: `${row.holder_first_name} ${row.holder_last_name}`.toUpperCase(),
    maskedNumber: row.last4 ? `**** **** **** ${row.last4}` : null,
    expiry: row.exp_month && row.exp_year ? `${String(row.exp_month).padStart(2, '0')}/${String(row.exp_year).slice(-2)}` : null,
    status: row.status,
    frozen: row.frozen,
    freezeReason: row.freeze_reason,
    // The spec's own words for a failed opening, in the user's language.
    failureMessage: row.status === 'failed' ? ERRORS.CARD_OPENING_FAILED.message[language] : null,
    balance: plain(balances.balance),
    held: plain(balances.held),
    kycStatus: kyc.status,
    kycReason: kyc.reason,
    shippingStatus: row.shipping_status,
    trackingNumber: row.tracking_number,
    boundAt: row.bound_at?.toISOString() ?? null,
    pinSet: row.pin_set,
    createdAt: row.created_at.toISOString(),
  };
}

export function toTransaction(row: CardTxRow, currency: 'USD' | 'HKD', language: Language): CardTransaction {
  const reason = row.decline_reason as DeclineReason | null;
  return {
    id: row.id,
    type: row.type,
    merchant: row.merchant.name,
    time: row.created_at.toISOString(),
    currency,
    amount: plain(row.amount),
    balanceChange: plain(row.balance_change),
    fee: '0',
    approved: row.approved,
    declineReason: reason ? (DECLINE_REASON_LABELS[reason]?.[language] ?? reason) : null,
    settled: row.settled,
    settledAmount: row.settled_amount === null ? null : plain(row.settled_amount),
  };
}
