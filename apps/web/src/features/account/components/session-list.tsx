import { LIMITS, type SessionInfo } from '@wallet/contract';
import { Button, List, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { Section } from '../../../components/section';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useErrorText } from '../../../lib/use-error-text';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import styles from './settings.module.css';

/** The devices signed in to this account: this one marked, the others can be signed out. */
export function SessionList() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const errorText = useErrorText();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const toast = (content: string) => Toast.show({ content, duration: LIMITS.client.toastDurationMs });

  const describe = (session: SessionInfo) =>
    [session.ip, t('settings.lastUsed', { time: formatDateTime(session.lastUsedAt, language) })].filter(Boolean).join(' · ');

  const body = () => {
    if (sessions.isPending) return <LoadingState rows={3} />;
    if (sessions.isError) {
      return (
        <ErrorState
          title={t('settings.sessionsError')}
          description={errorText(sessions.error)}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
          compact
        />
      );
    }
    // This device first, then the most recently used.
    const list = [...sessions.data.sessions].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
    );
    const others = list.filter((session) => !session.current).length;
    return (
      <>
        <List>
          {list.map((session) => (
            <List.Item
              key={session.id}
              description={describe(session)}
              extra={
                session.current ? (
                  <Tag color="success">{t('settings.thisDevice')}</Tag>
                ) : (
                  <Button
                    size="mini"
                    color="danger"
                    fill="outline"
                    loading={endOne.isPending && endOne.variables === session.id}
                    onClick={() =>
                      endOne.mutate(session.id, {
                        onSuccess: () => toast(t('settings.signedOutOne')),
                        onError: (error) => toast(errorText(error)),
                      })
                    }
                  >
                    {t('settings.signOut')}
                  </Button>
                )
              }
            >
              {/* The server names the device ("Chrome · Linux"), as security notices and mails do. */}
              <span className={styles.device}>{session.device || t('settings.unknownDevice')}</span>
            </List.Item>
          ))}
        </List>
        <div className={styles.sessionFooter}>
          {others === 0 ? (
            <p className={styles.hint}>{t('settings.noOthers')}</p>
          ) : (
            <Button
              block
              size="small"
              color="danger"
              fill="outline"
              loading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: ({ ended }) => toast(t('settings.signedOutOthers', { ended })),
                  onError: (error) => toast(errorText(error)),
                })
              }
              data-testid="sign-out-others"
            >
              {t('settings.signOutOthers')}
            </Button>
          )}
        </div>
      </>
    );
  };

  return <Section title={t('settings.sessions')}>{body()}</Section>;
}
