import { LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { useMe } from '../../features/account/api/get-me';
import { useAddressBook } from '../../features/address-book/api/get-address-book';
import { AddAddressForm } from '../../features/address-book/components/add-address-form';
import { useSendAccountCode } from '../../lib/queries/send-account-code';
import { withQuery, withRedirect } from '../../lib/redirect';
import { useRedirectParam } from '../../lib/session';

const BOOK_PATH = '/pages/addressBook/index';
const PAY_PASSWORD_PATH = '/pages/password_pay/index';

/** Add a withdrawal address; saved, it goes back to `redirect` (the book or the withdraw screen) with `?address=`. */
export default function AddAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const redirect = useRedirectParam();
  const sendCode = useSendAccountCode();
  const me = useMe();
  const book = useAddressBook();
  const hours = book.data?.delayHours ?? 24;

  return (
    <>
      <NavBar title={t('addressBook.form.title')} back />
      <PageBody>
        <QueryGate query={me} errorTitle={t('addressBook.loadError')} rows={6}>
          {(profile) => (
            <FormCard description={t('addressBook.form.intro', { hours })}>
              <AddAddressForm
                network={profile.network}
                sendCode={() => sendCode.mutateAsync('address_book')}
                onSaved={(address) => {
                  Toast.show({ content: t('addressBook.form.saved'), duration: LIMITS.client.toastDurationMs });
                  navigate(withQuery(redirect ?? BOOK_PATH, { address: address.id }), { replace: true });
                }}
                onSetPaymentPassword={() => navigate(withRedirect(PAY_PASSWORD_PATH, `${pathname}${search}`))}
              />
            </FormCard>
          )}
        </QueryGate>
      </PageBody>
    </>
  );
}
