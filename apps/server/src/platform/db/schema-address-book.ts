import type { Generated } from 'kysely';

/** Tables of the withdrawal address book and the account lock, migration 0021. */
export interface WithdrawalAddressesTable {
  id: Generated<string>;
  user_id: string;
  network: 'TRON' | 'BSC';
  address: string;
  label: string | null;
  created_at: Date;
  usable_from: Date;
  deleted_at: Date | null;
}

export interface AccountSecurityTable {
  user_id: string;
  withdrawals_held_until: Date | null;
  withdrawals_held_reason: 'password_changed' | 'password_reset' | 'address_changed' | null;
  locked_at: Date | null;
  lock_reason: string | null;
  updated_at: Date;
}

/** The changes whose emails carry a lock link; the second factor's say what changed in their own text. */
export type MoneyLockEvent = 'address_saved' | 'password_changed' | 'password_reset' | 'address_changed';
export type LockEvent = MoneyLockEvent | 'second_factor_changed';

export interface AccountLockTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  event: LockEvent;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface AddressBookTables {
  withdrawal_addresses: WithdrawalAddressesTable;
  account_security: AccountSecurityTable;
  account_lock_tokens: AccountLockTokensTable;
}
