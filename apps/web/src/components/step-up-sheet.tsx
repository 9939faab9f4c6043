import type { SecondFactorProof } from '@wallet/contract';
import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { useProofPrompt } from '../lib/proof-prompt';
import { stepUpPasskeyOptions, useSecondFactorStatus } from '../lib/queries/second-factor';
import { ProofForm } from './proof-form';
import styles from './proof-sheet.module.css';

const isProofRefusal = (error: unknown) =>
  error instanceof ApiError && (error.code === 'SECOND_FACTOR_WRONG' || error.code === 'SECOND_FACTOR_LOCKED');

/**
 * For a screen whose action the server may guard with the second factor (withdrawal, bound address,
 * payee, card details). `run(action)` calls `action()` as before; when the server answers
 * SECOND_FACTOR_REQUIRED, the sheet asks a factor and calls `action(proof)`. It resolves with the
 * action's reply, or rejects with the action's other refusals (shown by the screen's form as
 * before), or with the SECOND_FACTOR_REQUIRED refusal when the member closes the sheet.
 * Render `sheet` once in the screen.
 */
export function useStepUp(): {
  run: <T>(action: (proof?: SecondFactorProof) => Promise<T>) => Promise<T>;
  sheet: ReactNode;
} {
  const status = useSecondFactorStatus();
  const prompt = useProofPrompt<SecondFactorProof, true>((refusal) => {
    if (!(refusal instanceof ApiError && refusal.code === 'SECOND_FACTOR_REQUIRED')) return undefined;
    // The factors may have changed since the status was read: the sheet offers the ones on now.
    void status.refetch();
    return true;
  }, isProofRefusal);

  const methods = { totp: Boolean(status.data?.totp), passkey: (status.data?.passkeys.length ?? 0) > 0 };
  const sheet = <StepUpSheet open={prompt.asked !== null} methods={methods} submit={prompt.submit} onCancel={prompt.cancel} />;
  return { run: prompt.run, sheet };
}

type SheetProps = {
  open: boolean;
  methods: { totp: boolean; passkey: boolean };
  submit: (proof: SecondFactorProof) => Promise<unknown>;
  onCancel: () => void;
};

/** The bottom sheet asking the second factor before a guarded action. */
export function StepUpSheet({ open, methods, submit, onCancel }: SheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={open}
      onMaskClick={onCancel}
      onClose={onCancel}
      showCloseButton
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.sheet} data-testid="step-up-sheet">
        <h2 className={styles.sheetTitle}>{t('secondFactor.proof.title')}</h2>
        <p className={styles.sheetIntro}>{t('secondFactor.proof.intro')}</p>
        <ProofForm methods={methods} passkeyOptions={stepUpPasskeyOptions} submit={submit} />
      </div>
    </Popup>
  );
}
