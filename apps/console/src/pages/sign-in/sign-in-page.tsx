import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';
import { errorText } from '../../components/query-error';
import { RecoveryCodes } from '../../components/recovery-codes';
import { lastKnownIdleMinutes, type Me, takeSessionEnded } from '../../lib/session';
import { AuthCard } from './auth-card';
import {
  confirmPasskey,
  confirmRecoveryCode,
  confirmTotp,
  enrolTotp,
  type PasswordStep,
  type SecondFactorMethod,
  signInWithPassword,
} from './sign-in-api';

type Step =
  | { name: 'password' }
  | { name: 'enrol'; otpauthUri: string; secret: string }
  | { name: 'recovery'; codes: string[]; operator: Me }
  | { name: 'second'; methods: SecondFactorMethod[] };

const CODE_RULE = { pattern: /^\d{6}$/ };

/**
 * Sign-in (console-spec "Auth"): password; then, the first time, TOTP enrolment with a QR code drawn
 * here and the ten recovery codes shown once; else a second factor (authenticator code, passkey or
 * recovery code). The last step hands the operator to Refine's login.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const { mutate: login } = useLogin<{ operator: Me }>();
  const [ended] = useState(takeSessionEnded);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(caught, t('signIn.passkeyFailed')));
    } finally {
      setBusy(false);
    }
  };

  const afterPassword = (reply: PasswordStep) =>
    setStep(
      reply.stage === 'enrol_totp'
        ? { name: 'enrol', otpauthUri: reply.otpauthUri, secret: reply.secret }
        : { name: 'second', methods: reply.methods },
    );
  const finish = (operator: Me) => login({ operator });
  const required = { required: true, message: t('signIn.required') };

  return (
    <AuthCard
      title={step.name === 'enrol' ? t('signIn.enrolTitle') : step.name === 'recovery' ? t('signIn.recoveryTitle') : t('signIn.title')}
    >
      {ended && step.name === 'password' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('signIn.sessionEnded', { minutes: lastKnownIdleMinutes() })} />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}

      {step.name === 'password' && (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { email: string; password: string }) =>
            run(async () => afterPassword(await signInWithPassword(values.email.trim(), values.password)))
          }
        >
          <Form.Item name="email" label={t('signIn.email')} rules={[required, { type: 'email' }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={[required]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signIn.next')}
          </Button>
        </Form>
      )}

      {step.name === 'enrol' && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('signIn.enrolHelp')}</Typography.Paragraph>
          <div style={{ textAlign: 'center' }}>
            <QrCode text={step.otpauthUri} alt={t('signIn.enrolTitle')} />
          </div>
          <Typography.Paragraph copyable={{ text: step.secret }} style={{ margin: 0, textAlign: 'center' }}>
            {t('signIn.secret')}: <Typography.Text code>{step.secret}</Typography.Text>
          </Typography.Paragraph>
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(values: { code: string }) =>
              run(async () => {
                const { recoveryCodes, operator } = await enrolTotp(values.code);
                setStep({ name: 'recovery', codes: recoveryCodes, operator });
              })
            }
          >
            <Form.Item name="code" label={t('signIn.code')} rules={[required, { ...CODE_RULE, message: t('signIn.codePlaceholder') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('signIn.codePlaceholder')} autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('signIn.confirm')}
            </Button>
          </Form>
        </Space>
      )}

      {step.name === 'recovery' && (
        <RecoveryCodes codes={step.codes} doneLabel={t('signIn.enterConsole')} onDone={() => finish(step.operator)} />
      )}

      {step.name === 'second' && <SecondFactor methods={step.methods} busy={busy} run={run} onSignedIn={finish} required={required} />}

      {step.name !== 'password' && step.name !== 'recovery' && (
        <Button
          type="link"
          block
          style={{ marginTop: 8 }}
          onClick={() => {
            setError(null);
            setStep({ name: 'password' });
          }}
        >
          {t('signIn.startOver')}
        </Button>
      )}
    </AuthCard>
  );
}

function SecondFactor({
  methods,
  busy,
  run,
  onSignedIn,
  required,
}: {
  methods: SecondFactorMethod[];
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
  onSignedIn: (operator: Me) => void;
  required: { required: boolean; message: string };
}) {
  const { t } = useTranslation();
  const items = [
    methods.includes('totp') && {
      key: 'totp',
      label: t('signIn.methodTotp'),
      children: (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { code: string }) => run(async () => onSignedIn(await confirmTotp(values.code)))}
        >
          <Form.Item name="code" label={t('signIn.code')} rules={[required, { ...CODE_RULE, message: t('signIn.codePlaceholder') }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('signIn.codePlaceholder')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signIn.confirm')}
          </Button>
        </Form>
      ),
    },
    methods.includes('passkey') && {
      key: 'passkey',
      label: t('signIn.methodPasskey'),
      children: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('signIn.passkeyHelp')}</Typography.Paragraph>
          <Button type="primary" block loading={busy} onClick={() => run(async () => onSignedIn(await confirmPasskey()))}>
            {t('signIn.usePasskey')}
          </Button>
        </Space>
      ),
    },
    methods.includes('recovery') && {
      key: 'recovery',
      label: t('signIn.methodRecovery'),
      children: (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { code: string }) => run(async () => onSignedIn(await confirmRecoveryCode(values.code.trim())))}
        >
          <Form.Item name="code" label={t('signIn.methodRecovery')} rules={[required]}>
            <Input autoComplete="off" placeholder={t('signIn.recoveryPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signIn.confirm')}
          </Button>
        </Form>
      ),
    },
  ].filter((item) => item !== false);
  return (
    <>
      <Typography.Title level={5}>{t('signIn.secondTitle')}</Typography.Title>
      <Tabs items={items} destroyOnHidden />
    </>
  );
}
