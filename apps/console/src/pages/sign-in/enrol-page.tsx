import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../components/query-error';
import { AuthCard } from './auth-card';
import { setEnrolmentPassword } from './sign-in-api';

/** Operators choose a password this long at least (the server checks its own rule too). */
const MIN_PASSWORD = 12;

/** The single-use enrolment link (`#/enrol?token=…`): the invited operator sets their password. */
export function EnrolPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const required = { required: true, message: t('signIn.required') };

  if (!token) {
    return (
      <AuthCard title={t('signIn.enrolPageTitle')}>
        <Alert type="error" showIcon message={t('signIn.noToken')} />
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t('signIn.enrolPageTitle')}>
        <Result
          status="success"
          title={t('signIn.enrolDone')}
          extra={
            <Link to="/login">
              <Button type="primary">{t('signIn.goSignIn')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signIn.enrolPageTitle')}>
      <Typography.Paragraph>{t('signIn.enrolPageHelp')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={async (values: { password: string }) => {
          setBusy(true);
          setError(null);
          try {
            await setEnrolmentPassword(token, values.password);
            setDone(true);
          } catch (caught) {
            setError(errorText(caught, t('common.loadFailed')));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="password"
          label={t('signIn.newPassword')}
          extra={t('signIn.passwordRule')}
          rules={[required, { min: MIN_PASSWORD, message: t('signIn.passwordRule') }]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('signIn.repeatPassword')}
          dependencies={['password']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('signIn.passwordsDiffer'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('signIn.setPassword')}
        </Button>
      </Form>
    </AuthCard>
  );
}
