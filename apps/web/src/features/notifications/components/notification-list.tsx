import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useCardProducts } from '../../../lib/queries/get-card-products';
import { useAppStore } from '../../../lib/store';
import { type NotificationItem, useMarkRead, type useNotifications } from '../api/notifications';
import { notificationLink } from './notification-link';
import { useNotificationText } from './notification-text';
import styles from './notifications.module.css';

/** The member's messages, newest first; opening one marks it read and goes to what it is about. */
export function NotificationList({ pages }: { pages: ReturnType<typeof useNotifications> }) {
  const { t } = useTranslation();
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.notifications}
      errorTitle={t('notifications.page.loadError')}
      empty={
        <EmptyState image={<MessageOutline />} title={t('notifications.page.empty')} description={t('notifications.page.emptyText')} />
      }
      endText={t('notifications.page.end')}
    >
      {(items) => (
        <ul className={styles.list} data-testid="notification-list">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const navigate = useNavigate();
  const markRead = useMarkRead();
  // Cached for a minute and shared by every row: card messages name the product in the language shown.
  const products = useCardProducts().data?.products;
  const { title, body } = useNotificationText(products)(item);
  const link = notificationLink(item.ref);
  const open = () => {
    if (!item.read) markRead.mutate([item.id]);
    if (link) navigate(link);
  };
  return (
    <li className={styles.item}>
      <button type="button" className={styles.row} onClick={open} data-testid="notification-row" data-code={item.code}>
        <span className={styles.head}>
          {!item.read && <span className={styles.dot} role="img" aria-label={t('notifications.page.unread')} />}
          <span className={styles.title}>{title}</span>
          <time className={styles.time} dateTime={item.createdAt}>
            {formatDateTime(item.createdAt, language)}
          </time>
        </span>
        <span className={styles.body} data-testid="notification-body">
          {body}
        </span>
      </button>
    </li>
  );
}
