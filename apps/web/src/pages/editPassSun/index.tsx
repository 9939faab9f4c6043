import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DoneCard } from '../../components/done-card';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';

/** Change the login password; the reply ends every other session, and the page says so. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <>
      <NavBar title={t('password.title')} back />
      <PageBody>
        {done ? (
          <DoneCard
            title={t('password.done')}
            description={t('password.doneText')}
            action={t('password.backToAccount')}
            onAction={() => navigate('/pages/account/index', { replace: true })}
          />
        ) : (
          <FormCard description={t('password.intro')}>
            <ChangePasswordForm onDone={() => setDone(true)} />
          </FormCard>
        )}
      </PageBody>
    </>
  );
}
