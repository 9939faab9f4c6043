import { APP_LOCK_IDLE_SECONDS, type AppLockIdleSeconds, LIMITS } from '@wallet/contract';
import { List, Selector, Switch, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { Section } from '../../components/section';
import { useErrorText } from '../../lib/use-error-text';
import { useSetAppLock } from './api';
import { markActive } from './idle-clock';
import { useAppLockSetting } from './setting-query';

const IDLE_LABELS: Readonly<Record<AppLockIdleSeconds, 'immediately' | 'oneMinute' | 'fiveMinutes' | 'fifteenMinutes'>> = {
  0: 'immediately',
  60: 'oneMinute',
  300: 'fiveMinutes',
  900: 'fifteenMinutes',
};

/** Turning it on starts at 1 minute: "every time" would ask again after each glance at another app. */
const FIRST_IDLE: AppLockIdleSeconds = 60;

/** The app lock in the security settings: on or off, and after how long unused it locks. */
export function AppLockSettings() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setting = useAppLockSetting();
  const save = useSetAppLock();
  const toast = (content: string) => Toast.show({ content, duration: LIMITS.client.toastDurationMs });

  const change = (enabled: boolean, idleSeconds: AppLockIdleSeconds) => {
    // Counted from now: turning the lock on must not lock the app at once.
    markActive();
    save.mutate(enabled ? { enabled, idleSeconds } : { enabled }, {
      onSuccess: (next) => {
        const was = setting.data?.enabled;
        toast(
          t(next.enabled === was ? 'appLock.settings.changed' : next.enabled ? 'appLock.settings.turnedOn' : 'appLock.settings.turnedOff'),
        );
      },
      onError: (error) => toast(errorText(error)),
    });
  };

  let body: ReactNode;
  if (setting.isPending) body = <LoadingState rows={2} />;
  else if (setting.isError)
    body = (
      <ErrorState
        title={t('appLock.settings.loadError')}
        description={errorText(setting.error)}
        onRetry={() => void setting.refetch()}
        retrying={setting.isFetching}
      />
    );
  else {
    const { enabled, idleSeconds } = setting.data;
    body = (
      <List>
        <List.Item
          description={t('appLock.settings.description')}
          extra={
            <Switch
              checked={enabled}
              loading={save.isPending}
              onChange={(on) => change(on, idleSeconds ?? FIRST_IDLE)}
              aria-label={t('appLock.settings.toggle')}
              data-testid="app-lock-toggle"
            />
          }
        >
          {t('appLock.settings.toggle')}
        </List.Item>
        {enabled && idleSeconds !== null && (
          <List.Item>
            <div id="app-lock-after">{t('appLock.settings.after')}</div>
            <div data-testid="app-lock-idle">
              <Selector<AppLockIdleSeconds>
                columns={2}
                value={[idleSeconds]}
                disabled={save.isPending}
                onChange={([next]) => {
                  if (next !== undefined && next !== idleSeconds) change(true, next);
                }}
                options={APP_LOCK_IDLE_SECONDS.map((seconds) => ({ value: seconds, label: t(`appLock.settings.${IDLE_LABELS[seconds]}`) }))}
              />
            </div>
          </List.Item>
        )}
      </List>
    );
  }
  return (
    <Section title={t('appLock.settings.title')}>
      <div data-testid="app-lock-settings">{body}</div>
    </Section>
  );
}
