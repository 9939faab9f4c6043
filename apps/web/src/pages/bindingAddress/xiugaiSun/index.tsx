import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DoneCard } from '../../../components/done-card';
import { ErrorState } from '../../../components/error-state';
import { FormCard } from '../../../components/form-card';
import { LoadingState } from '../../../components/loading-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { PayPasswordRequired } from '../../../components/pay-password-required';
import { useMe } from '../../../features/account/api/get-me';
import { ChangeAddressForm } from '../../../features/account/components/change-address-form';
import { shortenAddress } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';

const SET_PAY_PASSWORD = '/pages/bindingAddress/editpass/index';

/** Change the bound address; without a payment password, first explain and lead to setting one. */
export default function ChangeAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const me = useMe();
  const [done, setDone] = useState(false);

  const body = () => {
    if (me.isPending) return <LoadingState rows={6} />;
    if (me.isError) {
      return (
        <ErrorState
          title={t('account.loadError')}
          description={errorText(me.error)}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      );
    }
    if (done) {
      return (
        <DoneCard
          title={t('address.done')}
          description={`${me.data.network} · ${shortenAddress(me.data.address)}`}
          action={t('address.backToAddress')}
          onAction={() => navigate('/pages/bindingAddress/index', { replace: true })}
        />
      );
    }
    if (!me.data.paymentPasswordSet) {
      return (
        <PayPasswordRequired
          title={t('address.needPayPassword')}
          description={t('address.needPayPasswordText')}
          onSet={() => navigate(SET_PAY_PASSWORD, { state: { fromChange: true } })}
          testId="address-set-pay-password"
        />
      );
    }
    return (
      <FormCard description={t('address.changeIntro')}>
        <ChangeAddressForm
          profile={me.data}
          onDone={() => setDone(true)}
          onSetPaymentPassword={() => navigate(SET_PAY_PASSWORD, { state: { fromChange: true } })}
        />
      </FormCard>
    );
  };

  return (
    <>
      <NavBar title={t('address.changeTitle')} back />
      <PageBody>{body()}</PageBody>
    </>
  );
}
