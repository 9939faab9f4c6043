import { addAddressBodySchema, type BindableNetwork, type ErrorCode, type SavedAddress } from '@wallet/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { MemberProofFields, useMemberProof } from '../../../components/member-proof-fields';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import type { CodeSent } from '../../../components/send-code-button';
import { useStepUp } from '../../../components/step-up-sheet';
import { CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useAddAddress } from '../api/change-address-book';

/** Refusals the server names a field for; the others show above the button. */
const FIELD_ERRORS = {
  ...CODE_ERROR_FIELDS,
  PAYMENT_PASSWORD_WRONG: 'paymentPassword',
  PAYMENT_PASSWORD_LOCKED: 'paymentPassword',
  PAYMENT_PASSWORD_FORMAT: 'paymentPassword',
  ADDRESS_INVALID: 'address',
  ADDRESS_REQUIRED: 'address',
  ADDRESS_ALREADY_SAVED: 'address',
  ADDRESS_LABEL_REQUIRED: 'label',
} as const satisfies Partial<Record<ErrorCode, string>>;

type Props = {
  /** The network the form starts on: the member's bound one. */
  network: BindableNetwork;
  /** Emails the code of purpose `address_book` to the signed-in person. */
  sendCode: () => Promise<CodeSent>;
  onSaved: (address: SavedAddress) => void;
  onSetPaymentPassword: () => void;
};

/**
 * A new withdrawal address with its name, checked for its network, proven with the payment password
 * or an emailed code (as payees are). It becomes usable after the delay; the member is emailed.
 */
export function AddAddressForm({ network, sendCode, onSaved, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const add = useAddAddress();
  const stepUp = useStepUp();
  const f = useApiForm(addAddressBodySchema, { fieldOf: FIELD_ERRORS, linked: { network: ['address'] } });
  const proof = useMemberProof(f);

  const onFinish = (values: Record<string, unknown>) => {
    const typed = textValues(values, ['label', 'address']);
    const secret = proof.secret(values);
    if (secret === null) return;
    const body = f.check({ ...typed, network: values.network ?? network, ...secret });
    if (body === null) return;
    stepUp.run((secondFactor) => add.mutateAsync({ ...body, secondFactor })).then(onSaved, f.showError);
  };

  return (
    <>
      {stepUp.sheet}
      <Form
        name="address-book"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ network }}
        onFinish={onFinish}
        onValuesChange={f.onValuesChange}
        footer={
          <SecuredFormFooter
            failure={f.failure}
            onSetPaymentPassword={onSetPaymentPassword}
            submitLabel={t('addressBook.form.submit')}
            submitTestId="address-submit"
            loading={add.isPending}
          />
        }
      >
        <Form.Item name="label" label={t('addressBook.label')} data-testid="address-label">
          <Input maxLength={40} placeholder={t('addressBook.labelPlaceholder')} clearable />
        </Form.Item>
        <AddressFields addressLabel={t('withdraw.address')} addressTestId="address-address" />
        <MemberProofFields
          proof={proof.proof}
          onSwitch={proof.switchProof}
          sendCode={sendCode}
          onSendError={f.showError}
          passwordLabel={t('addressBook.form.paymentPassword')}
          usePasswordText={t('addressBook.form.usePassword')}
          useCodeText={t('addressBook.form.useCode')}
          testIdPrefix="address"
        />
      </Form>
    </>
  );
}
