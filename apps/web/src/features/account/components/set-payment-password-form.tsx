import { LIMITS, setPaymentPasswordBodySchema } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { DigitsInput } from '../../../components/digits-input';
import { FormFooter } from '../../../components/form-footer';
import { CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { useSendAccountCode } from '../../../lib/queries/send-account-code';
import { useApiForm } from '../../../lib/use-api-form';
import { useSetPaymentPassword } from '../api/set-payment-password';

type Props = { onDone: () => void; reset?: boolean };

/** Sets the payment password, or resets a forgotten one, with a code sent to the person's email. */
export function SetPaymentPasswordForm({ onDone, reset = false }: Props) {
  const { t } = useTranslation();
  const sendCode = useSendAccountCode();
  const save = useSetPaymentPassword();
  const f = useApiForm(setPaymentPasswordBodySchema, {
    fieldOf: CODE_ERROR_FIELDS,
    linked: { paymentPassword: ['confirmPaymentPassword'] },
  });

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['code', 'paymentPassword', 'confirmPaymentPassword']));
    if (body) save.mutate(body, { onSuccess: onDone, onError: f.showError });
  };

  return (
    <Form
      name="setPayPassword"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <FormFooter
          failure={f.failure}
          loading={save.isPending}
          submitTestId="pay-submit"
          submitLabel={reset ? t('payPassword.resetSubmit') : t('payPassword.setSubmit')}
        />
      }
    >
      <CodeField send={() => sendCode.mutateAsync('payment_password')} onSendError={f.showError} />
      <Form.Item name="paymentPassword" label={t('payPassword.new')} data-testid="pay-password">
        <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
      </Form.Item>
      <Form.Item name="confirmPaymentPassword" label={t('payPassword.confirm')} data-testid="pay-password-confirm">
        <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.confirmPlaceholder')} />
      </Form.Item>
    </Form>
  );
}
