import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { AuthLinks } from '../../features/auth/components/auth-links';
import { CodeLoginForm } from '../../features/auth/components/code-login-form';
import { DevMailboxHint } from '../../features/auth/components/dev-mailbox-hint';
import { useSecondFactorSignIn } from '../../features/second-factor/sign-in-step';
import { useMeta } from '../../features/system/api/get-meta';
import { withRedirect } from '../../lib/redirect';
import { useRedirectParam } from '../../lib/session';

/** Email-code login; it works while password login is locked. */
export default function CodeLoginPage() {
  const { t } = useTranslation();
  const redirect = useRedirectParam();
  const { onReply, step } = useSecondFactorSignIn();
  const meta = useMeta();
  const state: unknown = useLocation().state;
  const email = typeof state === 'object' && state !== null && 'email' in state ? String(state.email) : undefined;

  return (
    <>
      <NavBar title={t('auth.codeLogin.title')} back />
      <PageBody>
        {step ?? (
          <FormCard title={t('auth.codeLogin.heading')} description={t('auth.codeLogin.subtitle')}>
            <CodeLoginForm onSignedIn={onReply} initialEmail={email} />
          </FormCard>
        )}
        <AuthLinks
          links={[
            { to: withRedirect('/pages/login/index', redirect), label: t('auth.codeLogin.passwordLogin'), testId: 'goto-password-login' },
            {
              to: withRedirect('/pages/register/index', redirect),
              label: t('auth.login.register'),
              lead: t('auth.login.noAccount'),
              testId: 'goto-register',
            },
          ]}
        />
        <DevMailboxHint show={meta.data?.devMailbox} />
      </PageBody>
    </>
  );
}
