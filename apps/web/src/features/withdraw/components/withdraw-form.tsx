import { type BindableNetwork, isAddressOf, LIMITS, type Profile, type Withdrawal, withdrawalBodySchema } from '@wallet/contract';
import { Button, Form } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { AmountInput } from '../../../components/amount-input';
import { CodeField } from '../../../components/code-field';
import { DigitsInput } from '../../../components/digits-input';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import type { CodeSent } from '../../../components/send-code-button';
import { useStepUp } from '../../../components/step-up-sheet';
import { checkAmountInput, maxAmount } from '../../../lib/amount-input';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { AMOUNT_ERROR_FIELDS, CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useAmountDecimalsRule, useAmountIssueText } from '../../../lib/use-amount-issue-text';
import { useApiForm } from '../../../lib/use-api-form';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import type { WithdrawalFees } from '../api/get-withdrawal-fees';
import styles from './withdraw.module.css';
import { WithdrawSummary } from './withdraw-summary';

type Props = {
  profile: Profile;
  /** USDT held, as a decimal string. */
  available: string;
  fees: WithdrawalFees;
  /** Emails the code of purpose `withdraw` to the signed-in person. */
  sendCode: () => Promise<CodeSent>;
  onDone: (withdrawal: Withdrawal) => void;
  onSetPaymentPassword: () => void;
  /**
   * What the page puts under the address (the address book's picker and its note on the address
   * typed); `choose` fills network and address.
   */
  addressTools?: (tools: {
    network: BindableNetwork;
    address: string;
    choose: (to: { network: BindableNetwork; address: string }) => void;
  }) => ReactNode;
  /** A refusal came back (the page reads the address book again: a withdrawal to a new address saves it). */
  onRefused?: (error: unknown) => void;
};

/**
 * A USDT withdrawal: network, destination address checked for that network, amount (at least the
 * minimum, within the balance once the fee is added), emailed code and payment password. Fee, what
 * arrives and what leaves the balance show before confirming.
 */
export function WithdrawForm({ profile, available, fees, sendCode, onDone, onSetPaymentPassword, addressTools, onRefused }: Props) {
  const { t } = useTranslation();
  const amountIssueText = useAmountIssueText();
  const errorText = useErrorText();
  const create = useCreateWithdrawal();
  const stepUp = useStepUp();
  const keys = useAttemptKeys();
  const f = useApiForm(withdrawalBodySchema, {
    fieldOf: {
      ...CODE_ERROR_FIELDS,
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
      PAYMENT_PASSWORD_FORMAT: 'paymentPassword',
      ADDRESS_INVALID: 'address',
      ADDRESS_REQUIRED: 'address',
      WITHDRAW_ADDRESS_NOT_YET_USABLE: 'address',
      WITHDRAW_ADDRESS_SAVED_WAIT: 'address',
      WITHDRAW_CODE_REQUIRED: 'code',
      ...AMOUNT_ERROR_FIELDS,
    },
    linked: { network: ['address', 'amount'] },
  });
  const decimalsRule = useAmountDecimalsRule(f.showIssues);
  const network: BindableNetwork = Form.useWatch('network', f.form) ?? profile.network;
  const typedAmount: string | undefined = Form.useWatch('amount', f.form);
  const typedAddress: string | undefined = Form.useWatch('address', f.form);
  const fee = fees.fees.find((entry) => entry.network === network)?.fee ?? '0';
  const limits = { minimum: LIMITS.withdraw.minimum, available, extra: fee };
  const preview = checkAmountInput(typedAmount, 'USDT', limits);

  const onFinish = (values: Record<string, unknown>) => {
    const typed = textValues(values, ['address', 'amount', 'code', 'paymentPassword']);
    const amount = checkAmountInput(typed.amount, 'USDT', limits);
    // Left empty, the code is left out: a member with a second factor sending to a ready saved address
    // needs none, and the server says under this field when one is needed.
    const body = f.check({ ...typed, code: typed.code || undefined, network, amount: amount.ok ? amount.amount : '0' });
    const issues = [];
    if (!amount.ok) issues.push({ field: 'amount', message: amountIssueText(amount.issue) });
    const address = typed.address.trim();
    if (address !== '' && !isAddressOf(network, address)) {
      issues.push({ field: 'address', message: errorText(new ApiError('ADDRESS_INVALID', 'address', 400)) });
    }
    if (issues.length > 0) return f.showIssues(issues);
    if (!body) return;
    const idempotencyKey = keys.keyFor(JSON.stringify({ network: body.network, address: body.address, amount: body.amount }));
    // With a second factor on, the server asks for it and the sheet sends the same request again with it.
    stepUp
      .run((secondFactor) => create.mutateAsync({ body: { ...body, secondFactor }, idempotencyKey }))
      .then(keys.done(onDone), (error) => {
        onRefused?.(error);
        return decimalsRule.onServerError(error) || f.showError(error);
      });
  };

  const onValuesChange = (changed: Record<string, unknown>, values: Record<string, unknown>) => {
    f.onValuesChange(changed);
    decimalsRule.onTyping(values.amount, 'USDT');
  };

  const fillMax = () => {
    const max = maxAmount(available, 'USDT', fee);
    if (max) f.form.setFieldsValue({ amount: max });
    f.form.setFields([{ name: 'amount', errors: [] }]);
  };

  const choose = (to: { network: BindableNetwork; address: string }) => {
    f.form.setFieldsValue(to);
    f.form.setFields([{ name: 'address', errors: [] }]);
  };
  const useBound = () => choose({ network: profile.network, address: profile.address });

  return (
    <>
      {stepUp.sheet}
      <Form
        name="withdraw"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ network: profile.network }}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        footer={
          <SecuredFormFooter
            failure={f.failure}
            onSetPaymentPassword={onSetPaymentPassword}
            submitLabel={t('withdraw.confirm')}
            submitTestId="withdraw-submit"
            loading={create.isPending}
          >
            <WithdrawSummary amount={preview.ok ? preview.amount : null} fee={fee} />
          </SecuredFormFooter>
        }
      >
        <AddressFields addressLabel={t('withdraw.address')} addressTestId="withdraw-address" />
        <div className={styles.useBound}>
          {addressTools?.({ network, address: typedAddress ?? '', choose })}
          <Button
            className={styles.boundButton}
            size="mini"
            fill="none"
            color="primary"
            onClick={useBound}
            data-testid="withdraw-use-bound"
          >
            {t('withdraw.useBound')}
          </Button>
        </div>
        <Form.Item
          name="amount"
          label={t('withdraw.amount')}
          description={
            <span className={styles.amountHint} data-testid="withdraw-available">
              <span>{t('withdraw.available', { amount: formatMoney(available, 'USDT') })}</span>
              <span>{t('withdraw.minimum', { minimum: formatMoney(LIMITS.withdraw.minimum, 'USDT') })}</span>
            </span>
          }
          data-testid="withdraw-amount"
        >
          <AmountInput unit="USDT" placeholder={t('withdraw.amountPlaceholder')} onMax={fillMax} />
        </Form.Item>
        <CodeField send={sendCode} onSendError={f.showError} />
        <Form.Item name="paymentPassword" label={t('withdraw.payPassword')} data-testid="withdraw-pay-password">
          <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
        </Form.Item>
      </Form>
    </>
  );
}
