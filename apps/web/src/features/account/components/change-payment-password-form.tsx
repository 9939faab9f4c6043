import { changePaymentPasswordBodySchema, LIMITS } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from '../../../components/digits-input';
import { FormFooter } from '../../../components/form-footer';
import { textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useChangePaymentPassword } from '../api/change-payment-password';

/** Changes the payment password with the current one; wrong ones count towards its lock. */
export function ChangePaymentPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const save = useChangePaymentPassword();
  const f = useApiForm(changePaymentPasswordBodySchema, {
    fieldOf: { PAYMENT_PASSWORD_WRONG: 'oldPaymentPassword' },
    linked: { paymentPassword: ['confirmPaymentPassword'] },
  });
  const digits = LIMITS.secrets.paymentPasswordLength;

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['oldPaymentPassword', 'paymentPassword', 'confirmPaymentPassword']));
    if (body) {
      save.mutate(body, {
        onSuccess: () => {
          f.form.resetFields();
          onDone();
        },
        onError: f.showError,
      });
    }
  };

  return (
    <Form
      name="changePayPassword"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <FormFooter failure={f.failure} loading={save.isPending} submitTestId="pay-submit" submitLabel={t('payPassword.changeSubmit')} />
      }
    >
      <Form.Item name="oldPaymentPassword" label={t('payPassword.current')} data-testid="pay-password-current">
        <DigitsInput secret length={digits} placeholder={t('payPassword.placeholder')} />
      </Form.Item>
      <Form.Item name="paymentPassword" label={t('payPassword.new')} data-testid="pay-password">
        <DigitsInput secret length={digits} placeholder={t('payPassword.placeholder')} />
      </Form.Item>
      <Form.Item name="confirmPaymentPassword" label={t('payPassword.confirm')} data-testid="pay-password-confirm">
        <DigitsInput secret length={digits} placeholder={t('payPassword.confirmPlaceholder')} />
      </Form.Item>
    </Form>
  );
}
