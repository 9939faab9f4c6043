import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { useMarkRead, useNotifications } from '../../features/notifications/api/notifications';
import { NotificationList } from '../../features/notifications/components/notification-list';
import styles from '../../features/notifications/components/notifications.module.css';
import { useLiveStatus } from '../../lib/live-events';
import { useErrorText } from '../../lib/use-error-text';

/** Messages (PRODUCT_SPEC.md section 7): every notification, newest first, with mark all read. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const pages = useNotifications();
  const markRead = useMarkRead();
  const live = useLiveStatus((state) => state.connected);
  const unread = pages.data?.pages[0]?.unread ?? 0;
  const markAll = () =>
    markRead.mutate('all', {
      onSuccess: () => Toast.show({ content: t('notifications.page.markedAllRead') }),
      onError: (error) => Toast.show({ content: errorText(error) }),
    });
  return (
    <>
      <NavBar title={t('notifications.page.title')} back />
      <PullToRefresh onRefresh={async () => void (await pages.refetch())}>
        <PageBody>
          {!live && pages.isSuccess && (
            <p className={styles.notice} role="status">
              {t('notifications.page.offline')}
            </p>
          )}
          <Section
            title={t('notifications.page.listTitle')}
            action={
              unread > 0 && (
                <Button size="mini" fill="none" color="primary" onClick={markAll} loading={markRead.isPending} data-testid="mark-all-read">
                  {t('notifications.page.markAllRead')}
                </Button>
              )
            }
          >
            <NotificationList pages={pages} />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
