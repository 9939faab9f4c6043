import { passwordLoginBodySchema, type WebLoginReply } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form-footer';
import { PasswordInput } from '../../../components/password-input';
import { ApiError } from '../../../lib/api-client';
import { textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useLoginWithPassword } from '../api/login-with-password';

type Props = {
  /** A session, or the second factor asked (second-factor/sign-in-step.tsx). */
  onSignedIn: (reply: WebLoginReply) => void;
  /** Email-code login, offered when password login is locked; carries the email typed here. */
  onCodeLogin: (email: string) => void;
  onRegister: () => void;
};

export function PasswordLoginForm({ onSignedIn, onCodeLogin, onRegister }: Props) {
  const { t } = useTranslation();
  const login = useLoginWithPassword();
  const f = useApiForm(passwordLoginBodySchema);
  const failureCode = f.failure instanceof ApiError ? f.failure.code : null;

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['email', 'password']));
    if (body) login.mutate(body, { onSuccess: onSignedIn, onError: f.showError });
  };

  return (
    <Form
      name="login"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <FormFooter
          failure={f.failure}
          loading={login.isPending}
          submitTestId="login-submit"
          submitLabel={t('auth.login.submit')}
          failureAction={
            <>
              {failureCode === 'PASSWORD_LOGIN_LOCKED' && (
                <Button size="small" color="primary" onClick={() => onCodeLogin(String(f.form.getFieldValue('email') ?? ''))}>
                  {t('auth.login.useCode')}
                </Button>
              )}
              {failureCode === 'LOGIN_NOT_REGISTERED' && (
                <Button size="small" color="primary" onClick={onRegister}>
                  {t('auth.login.register')}
                </Button>
              )}
            </>
          }
        />
      }
    >
      <Form.Item name="email" label={t('auth.fields.email')} data-testid="login-email">
        <Input inputMode="email" autoComplete="email" autoCapitalize="off" placeholder={t('auth.fields.emailPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('auth.fields.password')} data-testid="login-password">
        <PasswordInput autoComplete="current-password" placeholder={t('auth.fields.passwordPlaceholder')} />
      </Form.Item>
    </Form>
  );
}
