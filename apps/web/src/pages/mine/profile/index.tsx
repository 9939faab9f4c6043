import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { QueryGate } from '../../../components/query-gate';
import { useMe } from '../../../features/account/api/get-me';
import { ProfileForm } from '../../../features/account/components/profile-form';

/** Nickname and phone number. */
export default function ProfileDetailsPage() {
  const { t } = useTranslation();
  const me = useMe();

  return (
    <>
      <NavBar title={t('profile.title')} back />
      <PageBody>
        <QueryGate query={me} errorTitle={t('account.loadError')} rows={4}>
          {(data) => (
            <FormCard description={t('profile.intro')}>
              <ProfileForm profile={data} />
            </FormCard>
          )}
        </QueryGate>
      </PageBody>
    </>
  );
}
