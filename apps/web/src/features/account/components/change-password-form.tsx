import { changePasswordBodySchema } from '@wallet/contract';
import { Form, Segmented } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { FormFooter } from '../../../components/form-footer';
import { PasswordInput } from '../../../components/password-input';
import { CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { useSendAccountCode } from '../../../lib/queries/send-account-code';
import { useApiForm } from '../../../lib/use-api-form';
import { useChangePassword } from '../api/change-password';
import styles from './account.module.css';

type Proof = 'password' | 'code';

/** A new login password, proven with the current one or with an emailed code; other devices are signed out. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [proof, setProof] = useState<Proof>('password');
  const change = useChangePassword();
  const sendCode = useSendAccountCode();
  const f = useApiForm(changePasswordBodySchema, {
    fieldOf: { ...CODE_ERROR_FIELDS, OLD_PASSWORD_WRONG: 'oldPassword', OLD_PASSWORD_LOCKED: 'oldPassword' },
    linked: { password: ['confirmPassword'] },
  });

  const onFinish = (values: Record<string, unknown>) => {
    const text = textValues(values, ['oldPassword', 'code', 'password', 'confirmPassword']);
    const body = f.check(
      proof === 'password'
        ? { oldPassword: text.oldPassword, password: text.password, confirmPassword: text.confirmPassword }
        : { code: text.code, password: text.password, confirmPassword: text.confirmPassword },
    );
    if (body) change.mutate(body, { onSuccess: onDone, onError: f.showError });
  };

  return (
    <>
      <div className={styles.segmented}>
        <Segmented
          block
          value={proof}
          onChange={(value) => {
            setProof(value as Proof);
            f.clearFailure();
          }}
          options={[
            { value: 'password', label: t('password.withPassword') },
            { value: 'code', label: t('password.withCode') },
          ]}
        />
      </div>
      <Form
        name="changePassword"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        onFinish={onFinish}
        onValuesChange={f.onValuesChange}
        footer={
          <FormFooter failure={f.failure} loading={change.isPending} submitTestId="password-submit" submitLabel={t('password.submit')} />
        }
      >
        {proof === 'password' ? (
          <Form.Item name="oldPassword" label={t('password.current')} data-testid="old-password">
            <PasswordInput autoComplete="current-password" placeholder={t('auth.fields.passwordPlaceholder')} />
          </Form.Item>
        ) : (
          <CodeField send={() => sendCode.mutateAsync('change_password')} onSendError={f.showError} />
        )}
        <Form.Item
          name="password"
          label={t('auth.fields.newPassword')}
          description={t('auth.fields.passwordRule')}
          data-testid="new-password"
        >
          <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.newPasswordPlaceholder')} />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('auth.fields.confirmPassword')} data-testid="new-password-confirm">
          <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.confirmPlaceholder')} />
        </Form.Item>
      </Form>
    </>
  );
}
