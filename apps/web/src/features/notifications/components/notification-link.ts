import type { Notification } from '@wallet/contract';

/** The screen a notification opens, or null when there is nothing more to show than the message. */
export function notificationLink(ref: Notification['ref']): string | null {
  if (!ref) return null;
  const id = encodeURIComponent(ref.id);
  switch (ref.kind) {
    case 'record':
      return `/pages/recordsSun/detail?id=${id}`;
    case 'deposit':
      return '/pages/topUpSun/index';
    case 'withdrawal':
      return `/pages/orderD/index?id=${id}`;
    case 'card':
      return `/pages/cardBasic/index?id=${id}`;
    case 'payout':
      return `/pages/huichu/order?id=${id}`;
    case 'ticket':
      return `/pages/workOrder/detail?id=${id}`;
    case 'session':
      return '/pages/manageSun/index';
  }
}
