import {
  type ErrorCode,
  emailCodeSchema,
  LIMITS,
  type Payee,
  type PayeeInput,
  type PayeeKind,
  payeeInputSchema,
  paymentPasswordSchema,
} from '@wallet/contract';
import { Checkbox, Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { DigitsInput } from '../../../components/digits-input';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import type { CodeSent } from '../../../components/send-code-button';
import { TextButton } from '../../../components/text-button';
import { CODE_ERROR_FIELDS, fieldSchema, textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useSavePayee } from '../api/save-payee';
import { PASSWORD_ERRORS } from './password-errors';
import { PAYEE_FIELDS, PayeeFields } from './payee-fields';
import styles from './payout.module.css';

/** Refusals the server names a field for; the others (e.g. PAYEE_NAME_MISMATCH) show above the button. */
const FIELD_ERRORS = {
  ...CODE_ERROR_FIELDS,
  ...PASSWORD_ERRORS,
  PAYEE_ALIPAY_ACCOUNT_INVALID: 'alipayAccount',
  PAYEE_BIRTH_DATE_INVALID: 'birthDate',
  PAYEE_BIRTH_DATE_MISMATCH: 'birthDate',
  PAYEE_CITY_REQUIRED: 'city',
  PAYEE_ADDRESS_REQUIRED: 'address',
  PAYEE_ID_NUMBER_INVALID: 'idNumber',
  PAYEE_BANK_NAME_REQUIRED: 'bankName',
  PAYEE_ACCOUNT_NUMBER_INVALID: 'accountNumber',
  PAYEE_PHONE_INVALID: 'phone',
} as const satisfies Partial<Record<ErrorCode, string>>;

type Proof = 'paymentPassword' | 'code';

type Props = {
  kind: PayeeKind;
  /** Editing: the account and its full details (revealed with the payment password, which is kept to save). */
  editing: { id: string; details: PayeeInput; paymentPassword: string } | null;
  /** Emails the code of purpose `payee` to the signed-in person. */
  sendCode: () => Promise<CodeSent>;
  onSaved: (payee: Payee) => void;
  onSetPaymentPassword: () => void;
};

/**
 * A receiving account of one kind, checked with the contract's schema so each field says what is
 * wrong in the person's language. Saving where money goes is proven with the payment password, or
 * with an emailed code by those who prefer it (or have no payment password).
 */
export function PayeeForm({ kind, editing, sendCode, onSaved, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const save = useSavePayee();
  const f = useApiForm(payeeInputSchema, { fieldOf: FIELD_ERRORS });
  const [proof, setProof] = useState<Proof>('paymentPassword');

  const onFinish = (values: Record<string, unknown>) => {
    const payee = f.check({ kind, ...textValues(values, PAYEE_FIELDS[kind]) });
    const secret = f.check(values, fieldSchema(proof, proof === 'code' ? emailCodeSchema : paymentPasswordSchema));
    if (payee === null || secret === null) return;
    const body = { payee, [proof]: secret, makeDefault: values.makeDefault === true };
    save.mutate({ id: editing?.id ?? null, body }, { onSuccess: onSaved, onError: f.showError });
  };

  const switchProof = () => {
    setProof(proof === 'code' ? 'paymentPassword' : 'code');
    f.clearFailure();
  };

  return (
    <Form
      name="payee"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={editing ? { ...editing.details, paymentPassword: editing.paymentPassword } : {}}
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <SecuredFormFooter
          failure={f.failure}
          onSetPaymentPassword={onSetPaymentPassword}
          submitLabel={t('payout.payee.save')}
          submitTestId="payee-submit"
          loading={save.isPending}
        />
      }
    >
      <PayeeFields kind={kind} />
      <Form.Item name="makeDefault" valuePropName="checked" data-testid="payee-make-default">
        <Checkbox>{t('payout.payee.makeDefault')}</Checkbox>
      </Form.Item>
      {proof === 'code' ? (
        <CodeField send={sendCode} onSendError={f.showError} />
      ) : (
        <Form.Item name="paymentPassword" label={t('payout.payee.paymentPassword')} data-testid="payee-pay-password">
          <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
        </Form.Item>
      )}
      <div className={styles.proofSwitch}>
        <TextButton onClick={switchProof} testId="payee-proof-switch">
          {proof === 'code' ? t('payout.payee.usePassword') : t('payout.payee.useCode')}
        </TextButton>
      </div>
    </Form>
  );
}
