import { Button } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { withRedirect } from '../../../lib/redirect';
import styles from './account.module.css';

type Props = {
  returnTo: string;
  /** What signing in shows on this screen; the account tab's texts by default. */
  title?: ReactNode;
  description?: ReactNode;
};

/** A tab signed out: an invitation to log in or sign up, coming back here afterwards. */
export function SignedOutCard({ returnTo, title, description }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.panel}>
      <EmptyState
        image={<UserOutline />}
        title={title ?? t('account.signedOut.title')}
        description={description ?? t('account.signedOut.description')}
      >
        <div className={styles.actions}>
          <Button color="primary" onClick={() => navigate(withRedirect('/pages/login/index', returnTo))} data-testid="account-login">
            {t('account.signedOut.login')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            onClick={() => navigate(withRedirect('/pages/register/index', returnTo))}
            data-testid="account-register"
          >
            {t('account.signedOut.register')}
          </Button>
        </div>
      </EmptyState>
    </div>
  );
}
