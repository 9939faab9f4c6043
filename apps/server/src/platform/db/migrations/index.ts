import type { Migration } from 'kysely';
import * as m0001 from './0001_audit_log';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_ledger';
import * as m0004 from './0004_wallet';
import * as m0005 from './0005_chain';
import * as m0006 from './0006_cards';
import * as m0007 from './0007_card_binding';
import * as m0008 from './0008_card_product_names';
import * as m0009 from './0009_checked_writes';
import * as m0010 from './0010_holds_and_card_operations';
import * as m0011 from './0011_refund_caps';
import * as m0012 from './0012_payout';
import * as m0013 from './0013_notifications';
import * as m0014 from './0014_help';
import * as m0015 from './0015_tickets';
import * as m0016 from './0016_app_releases';
import * as m0017 from './0017_card_controls';
import * as m0018 from './0018_withdrawal_event_codes';
import * as m0019 from './0019_secret_attempts';
import * as m0020 from './0020_second_factor';
import * as m0021 from './0021_address_book';
import * as m0022 from './0022_second_factor_lock_links';
import * as m0023 from './0023_payee_account_masks';
import * as m0024 from './0024_app_lock';
import * as m0025 from './0025_recent_recipients';
import * as m0026 from './0026_house_account_shards';
import * as m0027 from './0027_operators';
import * as m0028 from './0028_console_reads';
import * as m0029 from './0029_ticket_assignment';
import * as m0030 from './0030_rewards';
import * as m0031 from './0031_reward_engine';
import * as m0032 from './0032_agency_reads';
import * as m0033 from './0033_agency_grant_keys';
import * as m0034 from './0034_placement_and_nodes';
import * as m0035 from './0035_books';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the set is fixed at
 * build time and a typo is a compile error.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_audit_log': m0001,
  '0002_accounts': m0002,
  '0003_ledger': m0003,
  '0004_wallet': m0004,
  '0005_chain': m0005,
  '0006_cards': m0006,
  '0007_card_binding': m0007,
  '0008_card_product_names': m0008,
  '0009_checked_writes': m0009,
  '0010_holds_and_card_operations': m0010,
  '0011_refund_caps': m0011,
  '0012_payout': m0012,
  '0013_notifications': m0013,
  '0014_help': m0014,
  '0015_tickets': m0015,
  '0016_app_releases': m0016,
  '0017_card_controls': m0017,
  '0018_withdrawal_event_codes': m0018,
  '0019_secret_attempts': m0019,
  '0020_second_factor': m0020,
  '0021_address_book': m0021,
  '0022_second_factor_lock_links': m0022,
  '0023_payee_account_masks': m0023,
  '0024_app_lock': m0024,
  '0025_recent_recipients': m0025,
  '0026_house_account_shards': m0026,
  '0027_operators': m0027,
  '0028_console_reads': m0028,
  '0029_ticket_assignment': m0029,
  '0030_rewards': m0030,
  '0031_reward_engine': m0031,
  '0032_agency_reads': m0032,
  '0033_agency_grant_keys': m0033,
  '0034_placement_and_nodes': m0034,
  '0035_books': m0035,
};
