import { emailSchema, resetPasswordBodySchema, type WebLoginReply } from '@wallet/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { FormFooter } from '../../../components/form-footer';
import { PasswordInput } from '../../../components/password-input';
import { CODE_ERROR_FIELDS, fieldSchema, textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useResetPassword } from '../api/reset-password';
import { useSendCode } from '../api/send-code';

type Props = { onSignedIn: (reply: WebLoginReply) => void; initialEmail?: string };

const emailOnly = fieldSchema('email', emailSchema);

export function ResetPasswordForm({ onSignedIn, initialEmail }: Props) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const sendCode = useSendCode();
  const f = useApiForm(resetPasswordBodySchema, {
    fieldOf: { ...CODE_ERROR_FIELDS, LOGIN_NOT_REGISTERED: 'email' },
    linked: { password: ['confirmPassword'] },
  });

  const send = async () => {
    const email = f.check({ email: f.form.getFieldValue('email') ?? '' }, emailOnly);
    return email === null ? null : sendCode.mutateAsync({ email, purpose: 'reset_password' });
  };

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['email', 'code', 'password', 'confirmPassword']));
    if (body) reset.mutate(body, { onSuccess: onSignedIn, onError: f.showError });
  };

  return (
    <Form
      name="reset"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ email: initialEmail }}
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <FormFooter failure={f.failure} loading={reset.isPending} submitTestId="reset-submit" submitLabel={t('auth.forgot.submit')} />
      }
    >
      <Form.Item name="email" label={t('auth.fields.email')} data-testid="reset-email">
        <Input inputMode="email" autoComplete="email" autoCapitalize="off" placeholder={t('auth.fields.emailPlaceholder')} />
      </Form.Item>
      <CodeField send={send} onSendError={f.showError} />
      <Form.Item
        name="password"
        label={t('auth.fields.newPassword')}
        description={t('auth.fields.passwordRule')}
        data-testid="reset-password"
      >
        <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('auth.fields.confirmPassword')} data-testid="reset-confirm">
        <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.confirmPlaceholder')} />
      </Form.Item>
    </Form>
  );
}
