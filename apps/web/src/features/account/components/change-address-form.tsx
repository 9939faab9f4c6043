import { changeAddressBodySchema, LIMITS, type Profile } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { CodeField } from '../../../components/code-field';
import { DigitsInput } from '../../../components/digits-input';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import { useStepUp } from '../../../components/step-up-sheet';
import { CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { useSendAccountCode } from '../../../lib/queries/send-account-code';
import { useApiForm } from '../../../lib/use-api-form';
import { useChangeAddress } from '../api/change-address';

type Props = { profile: Profile; onDone: () => void; onSetPaymentPassword: () => void };

/** A new bound address: proven with an emailed code and the payment password (and the second factor, when on). */
export function ChangeAddressForm({ profile, onDone, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const change = useChangeAddress();
  const sendCode = useSendAccountCode();
  const stepUp = useStepUp();
  const f = useApiForm(changeAddressBodySchema, {
    fieldOf: {
      ...CODE_ERROR_FIELDS,
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
      ADDRESS_UNCHANGED: 'address',
      ADDRESS_INVALID: 'address',
    },
    linked: { network: ['address'] },
  });

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check({ ...textValues(values, ['address', 'code', 'paymentPassword']), network: values.network });
    if (!body) return;
    stepUp.run((secondFactor) => change.mutateAsync({ ...body, secondFactor })).then(onDone, f.showError);
  };

  return (
    <>
      {stepUp.sheet}
      <Form
        name="changeAddress"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ network: profile.network }}
        onFinish={onFinish}
        onValuesChange={f.onValuesChange}
        footer={
          <SecuredFormFooter
            failure={f.failure}
            onSetPaymentPassword={onSetPaymentPassword}
            submitLabel={t('address.submit')}
            submitTestId="address-submit"
            loading={change.isPending}
          />
        }
      >
        <AddressFields addressLabel={t('address.newAddress')} addressTestId="address-new" />
        <CodeField send={() => sendCode.mutateAsync('change_address')} onSendError={f.showError} />
        <Form.Item name="paymentPassword" label={t('address.payPassword')} data-testid="address-pay-password">
          <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
        </Form.Item>
      </Form>
    </>
  );
}
