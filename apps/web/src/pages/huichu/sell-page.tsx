import { LIMITS, type PayeeKind } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PayPasswordRequired } from '../../components/pay-password-required';
import { Section } from '../../components/section';
import { useMe } from '../../features/account/api/get-me';
import { usePayees } from '../../features/payout/api/get-payees';
import { usePayoutTerms } from '../../features/payout/api/get-payout-terms';
import { KindSwitch } from '../../features/payout/components/kind-switch';
import { NoPayees } from '../../features/payout/components/no-payees';
import { OrdersLink } from '../../features/payout/components/orders-link';
import { orderPath, PAYEE_FORM_PATH, PAYEES_PATH, SELL_PATHS } from '../../features/payout/components/paths';
import { choosePayee } from '../../features/payout/components/payee-choice';
import { PayeePicker } from '../../features/payout/components/payee-picker';
import { SellPanel } from '../../features/payout/components/sell-panel';
import { useBalances } from '../../features/wallet/api/get-balances';
import { availableOf } from '../../features/wallet/components/all-balances';
import { withQuery, withRedirect } from '../../lib/redirect';
import { useErrorText } from '../../lib/use-error-text';

const PAY_PASSWORD_PATH = '/pages/password_pay/index';

/**
 * Flash exchange to an account of one kind (the Alipay "remit" and bank screens share it): which
 * account, how much, the quote, the payment password; then the order. `?payee=` names the account
 * chosen on the accounts screen.
 */
export function SellPage({ kind }: { kind: PayeeKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const here = SELL_PATHS[kind];
  const me = useMe();
  const balances = useBalances();
  const terms = usePayoutTerms();
  const payees = usePayees(kind);
  const setPayPassword = () => navigate(withRedirect(PAY_PASSWORD_PATH, here));

  const body = () => {
    const failed = [me, balances, terms, payees].find((query) => query.isError);
    if (failed?.isError) {
      return (
        <ErrorState
          title={t('payout.sell.loadError')}
          description={errorText(failed.error)}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      );
    }
    if (!me.data || !balances.data || !terms.data || !payees.data) return <LoadingState rows={8} />;
    if (!me.data.paymentPasswordSet) {
      return (
        <PayPasswordRequired
          title={t('payout.sell.needPayPassword')}
          description={t('payout.sell.needPayPasswordText', { digits: LIMITS.secrets.paymentPasswordLength })}
          onSet={setPayPassword}
          testId="payout-set-pay-password"
        />
      );
    }
    if (!terms.data.enabled) {
      return <EmptyState title={t('payout.sell.unavailable')} description={t('payout.sell.unavailableText')} />;
    }
    const payee = choosePayee(payees.data.payees, params.get('payee'));
    return (
      <>
        <Section title={t('payout.sell.payee')}>
          {payee ? (
            <PayeePicker payee={payee} choosePath={withRedirect(withQuery(PAYEES_PATH, { choose: kind }), here)} />
          ) : (
            <NoPayees kind={kind} compact onAdd={() => navigate(withRedirect(withQuery(PAYEE_FORM_PATH, { kind }), here))} />
          )}
        </Section>
        {payee && (
          <SellPanel
            kind={kind}
            payee={payee}
            terms={terms.data}
            available={availableOf(balances.data, 'USDT')}
            onSold={(order) => navigate(orderPath(order.id), { replace: true })}
            onSetPaymentPassword={setPayPassword}
          />
        )}
      </>
    );
  };

  return (
    <>
      <NavBar title={t(`payout.sell.title.${kind}`)} back right={<OrdersLink />} />
      <KindSwitch value={kind} onChange={(next) => navigate(SELL_PATHS[next], { replace: true })} />
      <PageBody>{body()}</PageBody>
    </>
  );
}
