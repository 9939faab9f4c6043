import type { SecondFactorProof } from '@wallet/contract';
import { Button, Input } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text';
import { assertPasskey, PasskeyCancelled, passkeysSupported } from '../lib/webauthn';
import styles from './proof-sheet.module.css';

export type FactorMethods = { totp: boolean; passkey: boolean };

type Props = {
  methods: FactorMethods;
  /** A fresh passkey challenge from the server. */
  passkeyOptions: () => Promise<{ options: Record<string, unknown> }>;
  /** Sends the proof with whatever it guards; a refusal is shown here and the member tries again. */
  submit: (proof: SecondFactorProof) => Promise<unknown>;
  submitLabel?: string;
};

/**
 * Asks one of the member's second factors: a passkey (one tap), the authenticator app's code, or a
 * recovery code. Used by the sign-in's second step, the step-up sheet and the settings screen.
 */
export function ProofForm({ methods, passkeyOptions, submit, submitLabel }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const codeId = useId();
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.totp ? 'totp' : 'recovery');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState<'passkey' | 'code' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const attempt = async (kind: 'passkey' | 'code', prove: () => Promise<SecondFactorProof>) => {
    setPending(kind);
    setFailure(null);
    try {
      await submit(await prove());
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  const onPasskey = () => attempt('passkey', async () => ({ passkey: await assertPasskey((await passkeyOptions()).options) }));

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) return;
    void attempt('code', async () => (mode === 'totp' ? { totp: typed } : { recoveryCode: typed }));
  };

  const failureText = failure instanceof PasskeyCancelled ? t('secondFactor.passkeys.cancelled') : failure ? errorText(failure) : null;

  return (
    <div className={styles.stack}>
      {methods.passkey && passkeysSupported() && (
        <>
          <Button
            block
            color="primary"
            size="large"
            loading={pending === 'passkey'}
            disabled={pending !== null}
            onClick={onPasskey}
            data-testid="proof-passkey"
          >
            {t('secondFactor.proof.usePasskey')}
          </Button>
          <div className={styles.or}>{t('secondFactor.proof.or')}</div>
        </>
      )}
      <form className={styles.stack} onSubmit={onCode}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={codeId}>
            {mode === 'totp' ? t('secondFactor.proof.totp') : t('secondFactor.proof.recovery')}
          </label>
          <Input
            id={codeId}
            className={styles.input}
            value={value}
            onChange={(next) => setValue(mode === 'totp' ? next.replace(/\D/g, '').slice(0, 6) : next.slice(0, 16))}
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            placeholder={mode === 'totp' ? t('secondFactor.proof.totpPlaceholder') : t('secondFactor.proof.recoveryPlaceholder')}
            data-testid={mode === 'totp' ? 'proof-totp' : 'proof-recovery'}
          />
        </div>
        {failureText && (
          <p className={styles.failure} role="alert">
            {failureText}
          </p>
        )}
        <Button
          block
          type="submit"
          color={methods.passkey ? 'default' : 'primary'}
          loading={pending === 'code'}
          disabled={pending !== null}
          data-testid="proof-submit"
        >
          {submitLabel ?? t('secondFactor.proof.submit')}
        </Button>
      </form>
      {methods.totp && (
        <Button
          className={styles.switch}
          fill="none"
          size="small"
          color="primary"
          onClick={() => {
            setMode(mode === 'totp' ? 'recovery' : 'totp');
            setValue('');
            setFailure(null);
          }}
          data-testid="proof-switch"
        >
          {mode === 'totp' ? t('secondFactor.proof.useRecovery') : t('secondFactor.proof.useTotp')}
        </Button>
      )}
    </div>
  );
}
