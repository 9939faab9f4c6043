import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { AuthLinks } from '../../features/auth/components/auth-links';
import { DevMailboxHint } from '../../features/auth/components/dev-mailbox-hint';
import { PasswordLoginForm } from '../../features/auth/components/password-login-form';
import { ServerPicker } from '../../features/auth/components/server-picker';
import { useSecondFactorSignIn } from '../../features/second-factor/sign-in-step';
import { LanguageSwitch } from '../../features/settings/components/language-switch';
import { useMeta } from '../../features/system/api/get-meta';
import { withRedirect } from '../../lib/redirect';
import { useRedirectParam } from '../../lib/session';

/** Password login, with the choices people make before signing in: server and language. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  const { onReply, step } = useSecondFactorSignIn();
  const meta = useMeta();
  const codeLoginPath = withRedirect('/pages/login/newIndex', redirect);
  const registerPath = withRedirect('/pages/register/index', redirect);

  return (
    <>
      <NavBar title={t('auth.login.title')} back />
      <PageBody>
        {step ?? (
          <FormCard title={t('auth.login.welcome')} description={t('auth.login.subtitle')}>
            <PasswordLoginForm
              onSignedIn={onReply}
              onCodeLogin={(email) => navigate(codeLoginPath, { state: { email } })}
              onRegister={() => navigate(registerPath)}
            />
          </FormCard>
        )}
        <AuthLinks
          links={[
            { to: codeLoginPath, label: t('auth.login.codeLogin'), testId: 'goto-code-login' },
            { to: withRedirect('/pages/login/forgot', redirect), label: t('auth.login.forgot'), testId: 'goto-forgot' },
            { to: registerPath, label: t('auth.login.register'), lead: t('auth.login.noAccount'), testId: 'goto-register' },
            { to: '/pages/reserves/index', label: t('reserves.loginLink'), testId: 'goto-reserves' },
          ]}
        />
        <FormCard>
          <ServerPicker servers={meta.data?.servers} />
        </FormCard>
        <LanguageSwitch />
        <DevMailboxHint show={meta.data?.devMailbox} />
      </PageBody>
    </>
  );
}
