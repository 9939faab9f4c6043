import { codeLoginBodySchema, emailSchema, type WebLoginReply } from '@wallet/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { FormFooter } from '../../../components/form-footer';
import { CODE_ERROR_FIELDS, fieldSchema, textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useLoginWithCode } from '../api/login-with-code';
import { useSendCode } from '../api/send-code';

type Props = { onSignedIn: (reply: WebLoginReply) => void; initialEmail?: string };

const emailOnly = fieldSchema('email', emailSchema);

export function CodeLoginForm({ onSignedIn, initialEmail }: Props) {
  const { t } = useTranslation();
  const login = useLoginWithCode();
  const sendCode = useSendCode();
  const f = useApiForm(codeLoginBodySchema, { fieldOf: { ...CODE_ERROR_FIELDS, LOGIN_NOT_REGISTERED: 'email' } });

  const send = async () => {
    const email = f.check({ email: f.form.getFieldValue('email') ?? '' }, emailOnly);
    return email === null ? null : sendCode.mutateAsync({ email, purpose: 'login' });
  };

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['email', 'code']));
    if (body) login.mutate(body, { onSuccess: onSignedIn, onError: f.showError });
  };

  return (
    <Form
      name="codeLogin"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ email: initialEmail }}
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <FormFooter
          failure={f.failure}
          loading={login.isPending}
          submitTestId="code-login-submit"
          submitLabel={t('auth.codeLogin.submit')}
        />
      }
    >
      <Form.Item name="email" label={t('auth.fields.email')} data-testid="code-login-email">
        <Input inputMode="email" autoComplete="email" autoCapitalize="off" placeholder={t('auth.fields.emailPlaceholder')} />
      </Form.Item>
      <CodeField send={send} onSendError={f.showError} />
    </Form>
  );
}
