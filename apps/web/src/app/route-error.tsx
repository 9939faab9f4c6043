import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { NavBar } from '../components/nav-bar';
import { CloudOffIcon } from './cloud-off-icon';

/**
 * Shown when a page chunk fails or times out, or a page throws while rendering (React already logs
 * the error). Retry reloads the app: react-router keeps whatever lazy() gave a route and browsers
 * cache a failed module import, so only a fresh load fetches the chunk again (and picks up a newer
 * deployment if that was the cause).
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('app.name')} />
      <EmptyState image={<CloudOffIcon />} title={t('routeError.title')} description={t('routeError.description')}>
        <Button color="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    </>
  );
}
