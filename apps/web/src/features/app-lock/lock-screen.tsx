import { appUnlockBodySchema, type PasskeyAssertion } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-failure';
import { Logo } from '../../components/logo';
import { PayPasswordForm } from '../../components/pay-password-form';
import { TextButton } from '../../components/text-button';
import { stepUpPasskeyOptions, useSecondFactorStatus } from '../../lib/queries/second-factor';
import { useApiForm } from '../../lib/use-api-form';
import { assertPasskey, PasskeyCancelled, passkeysSupported } from '../../lib/webauthn';
import { unlockApp } from './api';
import styles from './app-lock.module.css';
import { useSignedOutHere } from './signed-out-here';

const [paymentPasswordBody] = appUnlockBodySchema.options;

/**
 * What covers the app while it is locked: the payment password (checked by the server under the
 * limits money movements share), a passkey when the member has one, and a way out for a member who
 * forgot the password: signing out, after which they sign in again and may reset it.
 */
export default function LockScreen({ onUnlocked }: { onUnlocked: () => void }) {
  const { t } = useTranslation();
  const f = useApiForm<{ paymentPassword: string }>(paymentPasswordBody);
  const [busy, setBusy] = useState(false);
  const [passkeyFailure, setPasskeyFailure] = useState<unknown>(null);
  const [passkeyNote, setPasskeyNote] = useState(false);
  const status = useSecondFactorStatus();
  const signOut = useSignedOutHere();
  const hasPasskey = (status.data?.passkeys.length ?? 0) > 0 && passkeysSupported();

  const unlock = async (body: { paymentPassword: string } | { passkey: PasskeyAssertion }) => {
    setBusy(true);
    try {
      await unlockApp(body);
      onUnlocked();
    } catch (error) {
      if ('paymentPassword' in body) {
        f.form.resetFields();
        f.showError(error);
      } else setPasskeyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setPasskeyFailure(null);
    setPasskeyNote(false);
    try {
      const { options } = await stepUpPasskeyOptions();
      await unlock({ passkey: await assertPasskey(options) });
    } catch (error) {
      if (error instanceof PasskeyCancelled) setPasskeyNote(true);
      else setPasskeyFailure(error);
    }
  };

  return (
    <div className={styles.screen} role="dialog" aria-modal="true" aria-labelledby="app-lock-title" data-testid="app-lock">
      <div className={styles.head}>
        <Logo size={56} />
        <h1 id="app-lock-title" className={styles.title}>
          {t('appLock.screen.title')}
        </h1>
        <p className={styles.intro}>{t('appLock.screen.intro')}</p>
      </div>
      <PayPasswordForm
        className={styles.form}
        form={f}
        onSubmit={(paymentPassword) => {
          if (f.check({ paymentPassword })) void unlock({ paymentPassword });
        }}
        loading={busy}
        label={t('appLock.screen.paymentPassword')}
        testId="app-lock-password"
        submitLabel={t('appLock.screen.unlock')}
        onSetPaymentPassword={signOut}
      />
      {hasPasskey && (
        <div className={styles.passkey}>
          <FormFailure error={passkeyFailure} />
          {passkeyNote && <p className={styles.note}>{t('appLock.screen.passkeyCancelled')}</p>}
          <Button
            block
            size="large"
            fill="outline"
            color="primary"
            disabled={busy}
            onClick={() => void withPasskey()}
            data-testid="app-lock-passkey"
          >
            {t('appLock.screen.passkey')}
          </Button>
        </div>
      )}
      <div className={styles.forgot}>
        <TextButton onClick={signOut} testId="app-lock-forgot">
          {t('appLock.screen.forgot')}
        </TextButton>
      </div>
    </div>
  );
}
