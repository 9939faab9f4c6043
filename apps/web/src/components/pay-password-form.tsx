import { LIMITS } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { textValues } from '../lib/form-issues';
import { DigitsInput } from './digits-input';
import { SecuredFormFooter } from './secured-form-footer';

type FormInstance = ReturnType<typeof Form.useForm>[0];

type Props = {
  /** The form's state from useApiForm: field messages, the failure above the button. */
  form: { form: FormInstance; failure: unknown; onValuesChange: (changed: Record<string, unknown>) => void };
  onSubmit: (paymentPassword: string) => void;
  loading: boolean;
  label: string;
  /** The field's test id; the submit button's is `${testId}-submit`. */
  testId: string;
  submitLabel: string;
  onSetPaymentPassword: () => void;
  className?: string;
};

/** A form that is only the 6-digit payment password and its button: what confirms a step on its own. */
export function PayPasswordForm({ form: f, onSubmit, loading, label, testId, submitLabel, onSetPaymentPassword, className }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      className={className}
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={(values: Record<string, unknown>) => onSubmit(textValues(values, ['paymentPassword']).paymentPassword)}
      onValuesChange={f.onValuesChange}
      footer={
        <SecuredFormFooter
          failure={f.failure}
          onSetPaymentPassword={onSetPaymentPassword}
          submitLabel={submitLabel}
          submitTestId={`${testId}-submit`}
          loading={loading}
        />
      }
    >
      <Form.Item name="paymentPassword" label={label} data-testid={testId}>
        <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
      </Form.Item>
    </Form>
  );
}
