import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { Section } from '../../../components/section';
import { useMe } from '../../../features/account/api/get-me';
import { PaymentCodeCard } from '../../../features/payment-code/components/payment-code-card';
import { paymentLink, transferRoute } from '../../../features/payment-code/components/payment-link';
import { ScanPanel } from '../../../features/payment-code/components/scan-panel';
import { useErrorText } from '../../../lib/use-error-text';

/** My payment code to be paid by, and scanning someone else's to pay them. */
export default function PaymentCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const me = useMe();
  const pay = useCallback((uid: string) => navigate(transferRoute(uid)), [navigate]);

  const myCode = () => {
    if (me.isPending) return <LoadingState rows={6} />;
    if (me.isError) {
      return (
        <ErrorState
          title={t('account.loadError')}
          description={errorText(me.error)}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
          compact
        />
      );
    }
    const appUrl = `${window.location.origin}${window.location.pathname}`;
    return <PaymentCodeCard uid={me.data.uid} name={me.data.nickname ?? me.data.emailMasked} link={paymentLink(appUrl, me.data.uid)} />;
  };

  return (
    <>
      <NavBar title={t('paymentCode.title')} back />
      <PageBody>
        <Section title={t('paymentCode.mine')}>{myCode()}</Section>
        <Section title={t('paymentCode.scan')}>
          <ScanPanel key={params.get('scan') ?? ''} onUid={pay} cameraFirst={params.get('scan') === '1'} />
        </Section>
      </PageBody>
    </>
  );
}
