import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PaymentPasswordPanel } from '../../features/account/components/payment-password-panel';

/** Set, change or reset the 6-digit payment password. */
export default function PaymentPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('payPassword.title')} back />
      <PageBody>
        <PaymentPasswordPanel />
      </PageBody>
    </>
  );
}
