import { LIMITS, type Payee, type PayeeInput } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PAYEES_PATH, payeeKindOf } from '../../features/payout/components/paths';
import { PayeeForm } from '../../features/payout/components/payee-form';
import { RevealPayeeForm } from '../../features/payout/components/reveal-payee-form';
import { useSendAccountCode } from '../../lib/queries/send-account-code';
import { withQuery, withRedirect } from '../../lib/redirect';
import { useRedirectParam } from '../../lib/session';

const PAY_PASSWORD_PATH = '/pages/password_pay/index';

type Revealed = { id: string; details: PayeeInput; paymentPassword: string };

/**
 * Add a receiving account (`?kind=alipay|bank`), or change one (`?id=`, after the payment password
 * shows its full details). Saved, it goes back to `redirect` with `?payee=` naming it.
 */
export default function PayeeFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const redirect = useRedirectParam();
  const sendCode = useSendAccountCode();
  const id = params.get('id');
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const kind = revealed?.details.kind ?? payeeKindOf(params.get('kind')) ?? 'alipay';
  const setPayPassword = () => navigate(withRedirect(PAY_PASSWORD_PATH, `${pathname}${search}`));

  const onSaved = (payee: Payee) => {
    Toast.show({ content: t('payout.payee.saved'), duration: LIMITS.client.toastDurationMs });
    navigate(withQuery(redirect ?? withQuery(PAYEES_PATH, { kind: payee.kind }), { payee: payee.id }), { replace: true });
  };

  const body = () => {
    if (id && !revealed) {
      return (
        <FormCard title={t('payout.payee.revealTitle')} description={t('payout.payee.revealIntro')}>
          <RevealPayeeForm
            id={id}
            onRevealed={({ details, paymentPassword }) => setRevealed({ id, details, paymentPassword })}
            onSetPaymentPassword={setPayPassword}
          />
        </FormCard>
      );
    }
    return (
      <FormCard description={t('payout.payee.intro')}>
        <PayeeForm
          kind={kind}
          editing={revealed}
          sendCode={() => sendCode.mutateAsync('payee')}
          onSaved={onSaved}
          onSetPaymentPassword={setPayPassword}
        />
      </FormCard>
    );
  };

  return (
    <>
      <NavBar title={id ? t(`payout.payee.editTitle.${kind}`) : t(`payout.payees.add.${kind}`)} back />
      <PageBody>{body()}</PageBody>
    </>
  );
}
