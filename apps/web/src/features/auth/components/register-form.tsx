import { type CookieSessionReply, emailSchema, registerBodySchema } from '@wallet/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { CodeField } from '../../../components/code-field';
import { FormFooter } from '../../../components/form-footer';
import { PasswordInput } from '../../../components/password-input';
import { CODE_ERROR_FIELDS, fieldSchema, textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';

type Props = {
  onSignedIn: (reply: CookieSessionReply) => void;
  inviteCode?: string;
  /** The code came from an invite link: the inviter is who sent it, so the field cannot be changed. */
  inviteLocked?: boolean;
};

const emailOnly = fieldSchema('email', emailSchema);
const TEXT_FIELDS = ['email', 'code', 'password', 'confirmPassword', 'address'] as const;

export function RegisterForm({ onSignedIn, inviteCode, inviteLocked = false }: Props) {
  const { t } = useTranslation();
  const register = useRegister();
  const sendCode = useSendCode();
  const f = useApiForm(registerBodySchema, {
    fieldOf: { ...CODE_ERROR_FIELDS, EMAIL_TAKEN: 'email', INVITE_CODE_UNKNOWN: 'inviteCode', ADDRESS_INVALID: 'address' },
    linked: { network: ['address'], password: ['confirmPassword'] },
  });

  const send = async () => {
    const email = f.check({ email: f.form.getFieldValue('email') ?? '' }, emailOnly);
    return email === null ? null : sendCode.mutateAsync({ email, purpose: 'register' });
  };

  const onFinish = (values: Record<string, unknown>) => {
    const invite = typeof values.inviteCode === 'string' && values.inviteCode.trim() !== '' ? values.inviteCode : undefined;
    const body = f.check({ ...textValues(values, TEXT_FIELDS), network: values.network, inviteCode: invite });
    if (body) register.mutate(body, { onSuccess: onSignedIn, onError: f.showError });
  };

  return (
    <Form
      name="register"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ network: 'TRON', inviteCode }}
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <FormFooter
          failure={f.failure}
          loading={register.isPending}
          submitTestId="register-submit"
          submitLabel={t('auth.register.submit')}
        />
      }
    >
      <Form.Item name="email" label={t('auth.fields.email')} data-testid="register-email">
        <Input inputMode="email" autoComplete="email" autoCapitalize="off" placeholder={t('auth.fields.emailPlaceholder')} />
      </Form.Item>
      <CodeField send={send} onSendError={f.showError} />
      <Form.Item
        name="password"
        label={t('auth.fields.password')}
        description={t('auth.fields.passwordRule')}
        data-testid="register-password"
      >
        <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('auth.fields.confirmPassword')} data-testid="register-confirm">
        <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.confirmPlaceholder')} />
      </Form.Item>
      <AddressFields addressLabel={t('auth.fields.address')} addressTestId="register-address" />
      <Form.Item name="inviteCode" label={t('auth.fields.invite')} data-testid="register-invite">
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t('auth.fields.invitePlaceholder')}
          readOnly={inviteLocked}
          aria-readonly={inviteLocked}
        />
      </Form.Item>
    </Form>
  );
}
