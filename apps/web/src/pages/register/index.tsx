import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { AuthLinks } from '../../features/auth/components/auth-links';
import { DevMailboxHint } from '../../features/auth/components/dev-mailbox-hint';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useMeta } from '../../features/system/api/get-meta';
import { withRedirect } from '../../lib/redirect';
import { useRedirectParam, useStartSession } from '../../lib/session';

/**
 * Sign-up: email and code, password, and the wallet address deposits will come from. An invite link
 * (`?code=`, from the invitation screen) fills the invite code and locks it; `?invite=` only fills it.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = useRedirectParam();
  const startSession = useStartSession();
  const meta = useMeta();
  const linkedCode = params.get('code')?.trim() || undefined;

  return (
    <>
      <NavBar title={t('auth.register.title')} back />
      <PageBody>
        <FormCard title={t('auth.register.heading')} description={t('auth.register.subtitle')}>
          <RegisterForm
            onSignedIn={startSession}
            inviteCode={linkedCode ?? params.get('invite') ?? undefined}
            inviteLocked={linkedCode !== undefined}
          />
        </FormCard>
        <AuthLinks
          links={[
            {
              to: withRedirect('/pages/login/index', redirect),
              label: t('auth.register.login'),
              lead: t('auth.register.haveAccount'),
              testId: 'goto-login',
            },
          ]}
        />
        <DevMailboxHint show={meta.data?.devMailbox} />
      </PageBody>
    </>
  );
}
