import appLock from 'virtual:json-schema/appLockSettingSchema';
import balances from 'virtual:json-schema/balancesReplySchema';
import csrf from 'virtual:json-schema/csrfReplySchema';
import popups from 'virtual:json-schema/helpPopupsReplySchema';
import meta from 'virtual:json-schema/metaReplySchema';
import notifications from 'virtual:json-schema/notificationListReplySchema';
import ok from 'virtual:json-schema/okReplySchema';
import profile from 'virtual:json-schema/profileSchema';
import unread from 'virtual:json-schema/unreadCountReplySchema';
import type {
  AppLockSetting,
  BalancesReply,
  CsrfReply,
  HelpPopupsReply,
  MetaReply,
  notificationListReplySchema,
  Profile,
  UnreadCountReply,
} from '@wallet/contract';
import { jsonReplySchema } from './json-check';
import type { Parsed } from './schema-types';

type NotificationListReply = Parsed<typeof notificationListReplySchema>;

/**
 * The replies the first screen reads (home, the tab bar, the app shell), checked against the
 * contract's own schemas turned into JSON Schema at build time (build/contract-texts.ts) by a small
 * checker (json-check.ts): zod and the contract's schema code are a large part of the app, and home
 * can draw without them. Other pages use the contract's zod schemas directly.
 */
export const firstScreenSchemas = {
  appLock: jsonReplySchema<AppLockSetting>(appLock),
  balances: jsonReplySchema<BalancesReply>(balances),
  csrf: jsonReplySchema<CsrfReply>(csrf),
  popups: jsonReplySchema<HelpPopupsReply>(popups),
  meta: jsonReplySchema<MetaReply>(meta),
  notifications: jsonReplySchema<NotificationListReply>(notifications),
  ok: jsonReplySchema<{ ok: true }>(ok),
  profile: jsonReplySchema<Profile>(profile),
  unread: jsonReplySchema<UnreadCountReply>(unread),
};
