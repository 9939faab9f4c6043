import { emailCodeSchema, LIMITS, paymentPasswordSchema } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldSchema } from '../lib/form-issues';
import type { useApiForm } from '../lib/use-api-form';
import { CodeField } from './code-field';
import { DigitsInput } from './digits-input';
import styles from './member-proof-fields.module.css';
import type { CodeSent } from './send-code-button';
import { TextButton } from './text-button';

export type MemberProof = 'paymentPassword' | 'code';

/**
 * Which proof of the member a form asks (payment password first, an emailed code for whoever has
 * none at hand), and the typed secret under its field name, checked by the contract's schema.
 */
export function useMemberProof(f: Pick<ReturnType<typeof useApiForm<unknown>>, 'check' | 'clearFailure'>) {
  const [proof, setProof] = useState<MemberProof>('paymentPassword');
  return {
    proof,
    switchProof: () => {
      setProof(proof === 'code' ? 'paymentPassword' : 'code');
      f.clearFailure();
    },
    /** `{ paymentPassword }` or `{ code }` as the body wants it, or null with the field's error shown. */
    secret: (values: Record<string, unknown>) => {
      const secret = f.check(values, fieldSchema(proof, proof === 'code' ? emailCodeSchema : paymentPasswordSchema));
      return secret === null ? null : { [proof]: secret };
    },
  };
}

type Props = {
  proof: MemberProof;
  onSwitch: () => void;
  sendCode: () => Promise<CodeSent>;
  onSendError: (error: unknown) => void;
  passwordLabel: string;
  usePasswordText: string;
  useCodeText: string;
  /** Test ids `${testIdPrefix}-pay-password` and `${testIdPrefix}-proof-switch`. */
  testIdPrefix: string;
};

/** The payment password field or the emailed code field, and the link that switches between them. */
export function MemberProofFields({
  proof,
  onSwitch,
  sendCode,
  onSendError,
  passwordLabel,
  usePasswordText,
  useCodeText,
  testIdPrefix,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      {proof === 'code' ? (
        <CodeField send={sendCode} onSendError={onSendError} />
      ) : (
        <Form.Item name="paymentPassword" label={passwordLabel} data-testid={`${testIdPrefix}-pay-password`}>
          <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
        </Form.Item>
      )}
      <div className={styles.proofSwitch}>
        <TextButton onClick={onSwitch} testId={`${testIdPrefix}-proof-switch`}>
          {proof === 'code' ? usePasswordText : useCodeText}
        </TextButton>
      </div>
    </>
  );
}
