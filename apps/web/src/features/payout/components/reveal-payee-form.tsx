import { type Payee, type PayeeInput, payeeRevealBodySchema } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { PayPasswordForm } from '../../../components/pay-password-form';
import { useApiForm } from '../../../lib/use-api-form';
import { useRevealPayee } from '../api/reveal-payee';
import { PASSWORD_ERRORS } from './password-errors';

type Props = {
  id: string;
  onRevealed: (revealed: { payee: Payee; details: PayeeInput; paymentPassword: string }) => void;
  onSetPaymentPassword: () => void;
};

/** Before an account can be changed, its full numbers are shown only after the payment password. */
export function RevealPayeeForm({ id, onRevealed, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const reveal = useRevealPayee();
  const f = useApiForm(payeeRevealBodySchema, { fieldOf: PASSWORD_ERRORS });

  const onSubmit = (paymentPassword: string) => {
    const body = f.check({ paymentPassword });
    if (!body) return;
    reveal.mutate(
      { id, ...body },
      { onSuccess: (reply) => onRevealed({ ...reply, paymentPassword: body.paymentPassword }), onError: f.showError },
    );
  };

  return (
    <PayPasswordForm
      form={f}
      onSubmit={onSubmit}
      loading={reveal.isPending}
      label={t('payout.payee.paymentPassword')}
      testId="payee-reveal-password"
      submitLabel={t('payout.payee.reveal')}
      onSetPaymentPassword={onSetPaymentPassword}
    />
  );
}
