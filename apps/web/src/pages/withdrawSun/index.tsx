import { useQueryClient } from '@tanstack/react-query';
import type { Withdrawal } from '@wallet/contract';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DoneCard } from '../../components/done-card';
import { ErrorState } from '../../components/error-state';
import { FormCard } from '../../components/form-card';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PayPasswordRequired } from '../../components/pay-password-required';
import { useMe } from '../../features/account/api/get-me';
import { ADDRESS_BOOK_QUERY_KEY, useAddressBook } from '../../features/address-book/api/get-address-book';
import { AddressPicker } from '../../features/address-book/components/address-picker';
import { HoldNotice } from '../../features/address-book/components/hold-notice';
import { useBalances } from '../../features/wallet/api/get-balances';
import { useWithdrawalFees } from '../../features/withdraw/api/get-withdrawal-fees';
import { WithdrawForm } from '../../features/withdraw/components/withdraw-form';
import { withdrawalDoneKey } from '../../features/withdraw/components/withdrawal-status-tag';
import { formatMoney } from '../../lib/format';
import { useSendAccountCode } from '../../lib/queries/send-account-code';
import { withRedirect } from '../../lib/redirect';
import { useErrorText } from '../../lib/use-error-text';

const ORDERS_PATH = '/pages/orderD/index';
const PAY_PASSWORD_PATH = '/pages/password_pay/index';
const ADDRESS_BOOK_PATH = '/pages/addressBook/index';

/** Withdraw USDT to an address on TRON or BSC. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { pathname } = useLocation();
  const me = useMe();
  const balances = useBalances();
  const fees = useWithdrawalFees();
  const book = useAddressBook();
  const queryClient = useQueryClient();
  const sendCode = useSendAccountCode();
  const [done, setDone] = useState<Withdrawal | null>(null);
  const setPayPassword = () => navigate(withRedirect(PAY_PASSWORD_PATH, pathname));

  const body = () => {
    if (done) {
      return (
        <DoneCard
          title={t('withdraw.done')}
          description={
            <span data-testid="withdraw-done">
              {t(withdrawalDoneKey(done.status), {
                total: formatMoney(done.total, 'USDT'),
                amount: formatMoney(done.amount, 'USDT'),
                fee: formatMoney(done.fee, 'USDT'),
              })}
            </span>
          }
          action={t('withdraw.viewOrder')}
          onAction={() => navigate(`${ORDERS_PATH}?id=${encodeURIComponent(done.id)}`, { replace: true })}
        />
      );
    }
    const failed = [me, balances, fees, book].find((query) => query.isError);
    if (failed?.isError) {
      return (
        <ErrorState
          title={t('withdraw.loadError')}
          description={errorText(failed.error)}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      );
    }
    if (!me.data || !balances.data || !fees.data || !book.data) return <LoadingState rows={8} />;
    const saved = book.data;
    const bound = { network: me.data.network, address: me.data.address };
    if (!me.data.paymentPasswordSet) {
      return (
        <PayPasswordRequired
          title={t('withdraw.needPayPassword')}
          description={t('withdraw.needPayPasswordText')}
          onSet={setPayPassword}
          testId="withdraw-set-pay-password"
        />
      );
    }
    return (
      <>
        <HoldNotice book={saved} />
        <FormCard description={t('withdraw.intro')}>
          <WithdrawForm
            profile={me.data}
            available={balances.data.balances.find((b) => b.currency === 'USDT')?.balance ?? '0'}
            fees={fees.data}
            sendCode={() => sendCode.mutateAsync('withdraw')}
            onDone={setDone}
            onSetPaymentPassword={setPayPassword}
            addressTools={({ network, address, choose }) => (
              <AddressPicker book={saved} bound={bound} current={{ network, address }} onChoose={choose} managePath={ADDRESS_BOOK_PATH} />
            )}
            onRefused={() => void queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_QUERY_KEY })}
          />
        </FormCard>
      </>
    );
  };

  return (
    <>
      <NavBar
        title={t('withdraw.title')}
        back
        right={
          <Link to={ORDERS_PATH} aria-label={t('withdraw.orders')} data-testid="withdraw-orders">
            <UnorderedListOutline fontSize={22} aria-hidden="true" />
          </Link>
        }
      />
      <PageBody>{body()}</PageBody>
    </>
  );
}
