import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/http';

/**
 * How a page shows a read that failed: the server's own message (already in the console's language),
 * its stable code for support, and a retry. A 403 says the operator may not see this.
 */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const forbidden = isApiError(error) && error.statusCode === 403;
  const message = isApiError(error) ? error.message : t('common.loadFailed');
  return (
    <Result
      status={forbidden ? '403' : 'error'}
      title={forbidden ? t('common.forbidden') : t('common.loadFailed')}
      subTitle={isApiError(error) ? `${message} (${error.code})` : message}
      extra={
        onRetry && !forbidden ? (
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The text for an error in a notification or an inline alert: the server's message and its code. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? `${error.message} (${error.code})` : fallback;
}
