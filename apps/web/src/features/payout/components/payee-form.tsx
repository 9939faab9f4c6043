import { type ErrorCode, type Payee, type PayeeInput, type PayeeKind, payeeInputSchema } from '@wallet/contract';
import { Checkbox, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MemberProofFields, useMemberProof } from '../../../components/member-proof-fields';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import type { CodeSent } from '../../../components/send-code-button';
import { useStepUp } from '../../../components/step-up-sheet';
import { CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useSavePayee } from '../api/save-payee';
import { PASSWORD_ERRORS } from './password-errors';
import { PAYEE_FIELDS, PayeeFields } from './payee-fields';

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
  const stepUp = useStepUp();
  const f = useApiForm(payeeInputSchema, { fieldOf: FIELD_ERRORS });
  const proof = useMemberProof(f);

  const onFinish = (values: Record<string, unknown>) => {
    const payee = f.check({ kind, ...textValues(values, PAYEE_FIELDS[kind]) });
    const secret = proof.secret(values);
    if (payee === null || secret === null) return;
    const body = { payee, ...secret, makeDefault: values.makeDefault === true };
    stepUp.run((secondFactor) => save.mutateAsync({ id: editing?.id ?? null, body: { ...body, secondFactor } })).then(onSaved, f.showError);
  };

  return (
    <>
      {stepUp.sheet}
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
        <MemberProofFields
          proof={proof.proof}
          onSwitch={proof.switchProof}
          sendCode={sendCode}
          onSendError={f.showError}
          passwordLabel={t('payout.payee.paymentPassword')}
          usePasswordText={t('payout.payee.usePassword')}
          useCodeText={t('payout.payee.useCode')}
          testIdPrefix="payee"
        />
      </Form>
    </>
  );
}
