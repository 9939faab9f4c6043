/**
 * Every admin API path the operations pages ask, relative to /api/v1/admin (lib/http.ts adds it), in
 * one place: a route renamed on the server is changed here only.
 */
const id = (value: string | number) => encodeURIComponent(String(value));

export const OPS_API = {
  members: 'members',
  member: (uid: string) => `members/${id(uid)}`,
  memberRecords: (uid: string) => `members/${id(uid)}/records`,
  memberNotes: (uid: string) => `members/${id(uid)}/notes`,
  memberLock: (uid: string) => `members/${id(uid)}/lock`,
  // Unlocking stays the address book module's older route (console-spec "Console reads").
  memberUnlock: (uid: string) => `users/${id(uid)}/unlock`,
  kycPhoto: (uid: string, side: string) => `kyc/${id(uid)}/photos/${id(side)}`,

  withdrawalsAll: 'withdrawals/all',
  withdrawalApprove: (withdrawalId: string) => `withdrawals/${id(withdrawalId)}/approve`,
  withdrawalReject: (withdrawalId: string) => `withdrawals/${id(withdrawalId)}/reject`,

  deposits: 'deposits',
  depositsUnattributed: 'deposits/unattributed',
  depositAssign: (depositId: string) => `deposits/${id(depositId)}/assign`,

  payoutOrders: 'payout/orders',
  payoutArrived: (orderId: string) => `payout/orders/${id(orderId)}/arrived`,
  payoutRejected: (orderId: string) => `payout/orders/${id(orderId)}/rejected`,
  payoutSettings: 'payout/settings',

  rates: 'rates',
  rate: (currency: string) => `rates/${id(currency)}`,
  pair: (from: string, to: string) => `pairs/${id(from)}/${id(to)}`,

  cardProducts: 'card-products',
  cardProduct: (productId: string) => `card-products/${id(productId)}`,
  cards: 'cards',
  cardFreeze: (cardId: string) => `cards/${id(cardId)}/freeze`,
  cardUnfreeze: (cardId: string) => `cards/${id(cardId)}/unfreeze`,

  helpArticles: 'help/articles',
  helpUnpublish: (articleId: string) => `help/articles/${id(articleId)}/unpublish`,
  helpCategories: 'help/categories',
  helpCategory: (categoryId: string) => `help/categories/${id(categoryId)}`,
  helpService: 'help/service',

  releases: 'app/releases',
  release: (version: string) => `app/releases/${id(version)}`,

  tickets: 'tickets',
  ticketMessages: (ticketId: string) => `tickets/${id(ticketId)}/messages`,
  ticketClose: (ticketId: string) => `tickets/${id(ticketId)}/close`,
  ticketAssign: (ticketId: string) => `tickets/${id(ticketId)}/assign`,
  ticketAttachments: (ticketId: string) => `tickets/${id(ticketId)}/attachments`,
  ticketAttachment: (attachmentId: string) => `tickets/attachments/${id(attachmentId)}`,
} as const;

/** The member app's download page (apps/web, hash routes at the site root), as members open it. */
export const MEMBER_DOWNLOAD_PAGE = '/#/pages/down/index';
