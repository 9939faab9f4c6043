import { type Payee, type PayoutOrder, type PayoutQuote, payoutOrderBodySchema } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { PayPasswordForm } from '../../../components/pay-password-form';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreatePayoutOrder } from '../api/create-payout-order';
import { PASSWORD_ERRORS } from './password-errors';
import styles from './payout.module.css';

type Props = {
  quote: PayoutQuote;
  payee: Payee;
  onDone: (order: PayoutOrder) => void;
  /** The quote is gone (expired or unknown): the screen offers a fresh one. */
  onQuoteGone: (error: ApiError) => void;
  onSetPaymentPassword: () => void;
};

/** The payment password that sells a quote to the chosen account. */
export function PayoutConfirmForm({ quote, payee, onDone, onQuoteGone, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const order = useCreatePayoutOrder();
  // One key per quote and account confirmed: every try (after a timeout or a wrong password) sends the same one.
  const keys = useAttemptKeys();
  const f = useApiForm(payoutOrderBodySchema, { fieldOf: PASSWORD_ERRORS });

  const onSubmit = (paymentPassword: string) => {
    const body = f.check({ quoteId: quote.id, payeeId: payee.id, paymentPassword });
    if (!body) return;
    order.mutate(
      { ...body, idempotencyKey: keys.keyFor(`${quote.id}:${payee.id}`) },
      {
        onSuccess: keys.done(onDone),
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'QUOTE_EXPIRED' || error.code === 'QUOTE_NOT_FOUND')) onQuoteGone(error);
          else f.showError(error);
        },
      },
    );
  };

  return (
    <PayPasswordForm
      className={styles.confirm}
      form={f}
      onSubmit={onSubmit}
      loading={order.isPending}
      label={t('payout.quote.password')}
      testId="payout-password"
      submitLabel={t('payout.quote.confirm')}
      onSetPaymentPassword={onSetPaymentPassword}
    />
  );
}
