import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PaymentPasswordPanel } from '../../features/account/components/payment-password-panel';
import { useRedirectParam } from '../../lib/session';

/** Set, change or reset the 6-digit payment password; with ?redirect=, back to the page that asked for it. */
export default function PaymentPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  return (
    <>
      <NavBar title={t('payPassword.title')} back />
      <PageBody>
        <PaymentPasswordPanel onSaved={redirect ? () => navigate(redirect, { replace: true }) : undefined} />
      </PageBody>
    </>
  );
}
