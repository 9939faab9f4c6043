import { uidSchema } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DoneCard } from '../../../components/done-card';
import { ErrorState } from '../../../components/error-state';
import { FormCard } from '../../../components/form-card';
import { FormFailure } from '../../../components/form-failure';
import { LoadingState } from '../../../components/loading-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { PayPasswordRequired } from '../../../components/pay-password-required';
import { useMe } from '../../../features/account/api/get-me';
import type { TransferReply } from '../../../features/transfer/api/create-transfer';
import { useRecipient } from '../../../features/transfer/api/get-recipient';
import { TransferConfirm } from '../../../features/transfer/components/transfer-confirm';
import { type TransferDraft, TransferForm } from '../../../features/transfer/components/transfer-form';
import { useBalances } from '../../../features/wallet/api/get-balances';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { formatMoney } from '../../../lib/format';
import { useSendAccountCode } from '../../../lib/queries/send-account-code';
import { withRedirect } from '../../../lib/redirect';
import { useErrorText } from '../../../lib/use-error-text';

const RECIPIENT_PATH = '/pages/transferMoneySun/index';
const PAY_PASSWORD_PATH = '/pages/password_pay/index';

/**
 * Transfer, step 2: what and how much to send to the UID of step 1, then its confirmation (figures and
 * recipient) with code and payment password.
 */
export default function TransferAmountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const me = useMe();
  const balances = useBalances();
  const recipient = useRecipient(uid);
  const sendCode = useSendAccountCode();
  const [done, setDone] = useState<TransferReply | null>(null);
  const [draft, setDraft] = useState<TransferDraft | null>(null);
  const [reviewing, setReviewing] = useState(false);
  // Kept by the page, not the confirmation: changing the amount and coming back to the same transfer keeps its key.
  const keys = useAttemptKeys();

  if (!uid || !uidSchema.safeParse(uid).success) return <Navigate to={RECIPIENT_PATH} replace />;
  const toRecipientStep = () => navigate(`${RECIPIENT_PATH}?uid=${encodeURIComponent(uid)}`, { replace: true });
  const setPayPassword = () => navigate(withRedirect(PAY_PASSWORD_PATH, `${pathname}${search}`));

  const body = () => {
    if (done) {
      return (
        <DoneCard
          title={t('transfer.done')}
          description={
            <span data-testid="transfer-done">
              {t('transfer.doneText', {
                amount: formatMoney(done.amount, done.currency),
                currency: done.currency,
                name: done.to.displayName,
                uid: done.to.uid,
              })}
            </span>
          }
          action={t('transfer.backHome')}
          onAction={() => navigate('/', { replace: true })}
        />
      );
    }
    const failed = [me, balances, recipient].find((query) => query.isError);
    if (failed?.isError) {
      const notFound = failed.error instanceof ApiError && failed.error.code === 'RECIPIENT_NOT_FOUND';
      return (
        <ErrorState
          title={notFound ? t('transfer.recipientMissing') : t('transfer.loadError')}
          description={errorText(failed.error)}
          onRetry={notFound ? toRecipientStep : () => void failed.refetch()}
          retrying={failed.isFetching}
        />
      );
    }
    if (!me.data || !balances.data || !recipient.data) return <LoadingState rows={8} />;
    if (me.data.uid === uid) {
      return (
        <FormCard>
          <FormFailure error={new ApiError('TRANSFER_TO_SELF', 'own UID', 400)}>
            <Button size="small" color="primary" onClick={toRecipientStep}>
              {t('transfer.changeRecipient')}
            </Button>
          </FormFailure>
        </FormCard>
      );
    }
    if (!me.data.paymentPasswordSet) {
      return (
        <PayPasswordRequired
          cardTitle={t('transfer.amountTitle')}
          title={t('transfer.needPayPassword')}
          description={t('transfer.needPayPasswordText')}
          onSet={setPayPassword}
          testId="transfer-set-pay-password"
        />
      );
    }
    if (reviewing && draft) {
      return (
        <FormCard title={t('transfer.reviewTitle')} description={t('transfer.reviewIntro')}>
          <TransferConfirm
            recipient={recipient.data}
            draft={draft}
            keys={keys}
            sendCode={() => sendCode.mutateAsync('transfer')}
            onEdit={() => setReviewing(false)}
            onDone={setDone}
            onSetPaymentPassword={setPayPassword}
          />
        </FormCard>
      );
    }
    return (
      <FormCard title={t('transfer.amountTitle')}>
        <TransferForm
          recipient={recipient.data}
          onChangeRecipient={toRecipientStep}
          balances={balances.data}
          draft={draft}
          onReview={(next) => {
            setDraft(next);
            setReviewing(true);
          }}
        />
      </FormCard>
    );
  };

  return (
    <>
      <NavBar title={t('transfer.title')} back />
      <PageBody>{body()}</PageBody>
    </>
  );
}
