import { type BalancesReply, CURRENCY_CODES, type Currency, Decimal, LIMITS, transferBodySchema } from '@wallet/contract';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { CodeField } from '../../../components/code-field';
import { CurrencySelect } from '../../../components/currency-select';
import { DigitsInput } from '../../../components/digits-input';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import type { CodeSent } from '../../../components/send-code-button';
import { checkAmountInput, maxAmount } from '../../../lib/amount-input';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { AMOUNT_ERROR_FIELDS, CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useAmountDecimalsRule, useAmountIssueText } from '../../../lib/use-amount-issue-text';
import { useApiForm } from '../../../lib/use-api-form';
import { type TransferReply, useCreateTransfer } from '../api/create-transfer';
import type { Recipient } from '../api/get-recipient';
import { RecipientCard } from './recipient-card';
import styles from './transfer.module.css';

type Props = {
  recipient: Recipient;
  onChangeRecipient: () => void;
  balances: BalancesReply;
  /** Emails the code of purpose `transfer` to the signed-in person. */
  sendCode: () => Promise<CodeSent>;
  onDone: (transfer: TransferReply) => void;
  onSetPaymentPassword: () => void;
};

const balanceIn = (balances: BalancesReply, currency: Currency) => balances.balances.find((b) => b.currency === currency)?.balance ?? '0';

/** Currencies the person holds first (in the reply's order), then the rest in the contract's order. */
function currencyOrder(balances: BalancesReply): Currency[] {
  const held = balances.balances.filter((b) => new Decimal(b.balance).gt(0)).map((b) => b.currency);
  return [...held, ...CURRENCY_CODES.filter((code) => !held.includes(code))];
}

/**
 * Step 2 of a transfer: currency, amount, emailed code and payment password. The amount is checked
 * exactly against the decimals a member may type (on the spot) and the balance before anything is sent; the request
 * carries one idempotency key per attempt, reused when the same transfer is confirmed again.
 */
export function TransferForm({ recipient, onChangeRecipient, balances, sendCode, onDone, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const amountIssueText = useAmountIssueText();
  const create = useCreateTransfer();
  const keys = useAttemptKeys();
  const f = useApiForm(transferBodySchema, {
    fieldOf: {
      ...CODE_ERROR_FIELDS,
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
      PAYMENT_PASSWORD_FORMAT: 'paymentPassword',
      ...AMOUNT_ERROR_FIELDS,
    },
    linked: { currency: ['amount'] },
  });
  const decimalsRule = useAmountDecimalsRule(f.showIssues);
  const order = currencyOrder(balances);
  const currency: Currency = Form.useWatch('currency', f.form) ?? order[0] ?? 'USDT';
  const available = balanceIn(balances, currency);

  const onFinish = (values: Record<string, unknown>) => {
    const typed = textValues(values, ['amount', 'code', 'paymentPassword']);
    const amount = checkAmountInput(typed.amount, currency, { available });
    const body = f.check({ ...typed, toUid: recipient.uid, currency, amount: amount.ok ? amount.amount : '0' });
    if (!amount.ok) return f.showIssues([{ field: 'amount', message: amountIssueText(amount.issue) }]);
    if (!body) return;
    const idempotencyKey = keys.keyFor(JSON.stringify({ toUid: body.toUid, currency: body.currency, amount: body.amount }));
    create.mutate(
      { body, idempotencyKey },
      {
        onSuccess: keys.done(onDone),
        onError: (error) => decimalsRule.onServerError(error) || f.showError(error),
      },
    );
  };

  const onValuesChange = (changed: Record<string, unknown>, values: Record<string, unknown>) => {
    f.onValuesChange(changed);
    decimalsRule.onTyping(values.amount, (values.currency as Currency | undefined) ?? currency);
  };

  const fillMax = () => {
    const max = maxAmount(available, currency);
    if (max) f.form.setFieldsValue({ amount: max });
    f.form.setFields([{ name: 'amount', errors: [] }]);
  };

  return (
    <Form
      name="transfer"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ currency: order[0] ?? 'USDT' }}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      footer={
        <SecuredFormFooter
          failure={f.failure}
          onSetPaymentPassword={onSetPaymentPassword}
          submitLabel={t('transfer.confirm')}
          submitTestId="transfer-submit"
          loading={create.isPending}
        />
      }
    >
      <div className={styles.header}>
        <RecipientCard
          recipient={recipient}
          action={
            <Button size="mini" fill="outline" color="primary" onClick={onChangeRecipient} data-testid="transfer-change-recipient">
              {t('transfer.change')}
            </Button>
          }
        />
      </div>
      <Form.Item name="currency" label={t('transfer.currency')}>
        <CurrencySelect
          currencies={order}
          testId="transfer-currency"
          describe={(code) => t('transfer.balanceIn', { amount: formatMoney(balanceIn(balances, code), code), currency: code })}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('transfer.amount')}
        description={
          <span data-testid="transfer-available">{t('transfer.available', { amount: formatMoney(available, currency), currency })}</span>
        }
        data-testid="transfer-amount"
      >
        <AmountInput unit={currency} placeholder={t('transfer.amountPlaceholder')} onMax={fillMax} />
      </Form.Item>
      <CodeField send={sendCode} onSendError={f.showError} />
      <Form.Item name="paymentPassword" label={t('transfer.payPassword')} data-testid="transfer-pay-password">
        <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
      </Form.Item>
    </Form>
  );
}
