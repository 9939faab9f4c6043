import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { PaymentPasswordPanel } from '../../../features/account/components/payment-password-panel';

const CHANGE_ADDRESS = '/pages/bindingAddress/xiugaiSun/index';

/**
 * The payment password as reached from changing the bound address: once saved, back to that change
 * (the step before, when it led here; otherwise opened in place of this page).
 */
export default function AddressPaymentPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const fromChange = typeof state === 'object' && state !== null && 'fromChange' in state;

  return (
    <>
      <NavBar title={t('payPassword.title')} back />
      <PageBody>
        <PaymentPasswordPanel onSaved={() => (fromChange ? navigate(-1) : navigate(CHANGE_ADDRESS, { replace: true }))} />
      </PageBody>
    </>
  );
}
