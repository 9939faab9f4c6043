import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { AuthLinks } from '../../features/auth/components/auth-links';
import { DevMailboxHint } from '../../features/auth/components/dev-mailbox-hint';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useSecondFactorSignIn } from '../../features/second-factor/sign-in-step';
import { useMeta } from '../../features/system/api/get-meta';
import { withRedirect } from '../../lib/redirect';
import { useRedirectParam } from '../../lib/session';

/** A forgotten password: an emailed code sets a new one and signs in; other devices are signed out. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const redirect = useRedirectParam();
  const { onReply, step } = useSecondFactorSignIn();
  const meta = useMeta();

  return (
    <>
      <NavBar title={t('auth.forgot.title')} back />
      <PageBody>
        {step ?? (
          <FormCard title={t('auth.forgot.heading')} description={t('auth.forgot.subtitle')}>
            <ResetPasswordForm onSignedIn={onReply} />
          </FormCard>
        )}
        <AuthLinks
          links={[{ to: withRedirect('/pages/login/index', redirect), label: t('auth.forgot.backToLogin'), testId: 'goto-password-login' }]}
        />
        <DevMailboxHint show={meta.data?.devMailbox} />
      </PageBody>
    </>
  );
}
