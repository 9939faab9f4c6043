import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { FormCard } from '../../components/form-card';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useMe } from '../../features/account/api/get-me';
import { ProfileForm } from '../../features/account/components/profile-form';
import { useErrorText } from '../../lib/use-error-text';

/** Nickname and phone number. */
export default function ProfileDetailsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const me = useMe();

  return (
    <>
      <NavBar title={t('profile.title')} back />
      <PageBody>
        {me.isPending ? (
          <LoadingState rows={4} />
        ) : me.isError ? (
          <ErrorState
            title={t('account.loadError')}
            description={errorText(me.error)}
            onRetry={() => void me.refetch()}
            retrying={me.isFetching}
          />
        ) : (
          <FormCard description={t('profile.intro')}>
            <ProfileForm profile={me.data} />
          </FormCard>
        )}
      </PageBody>
    </>
  );
}
