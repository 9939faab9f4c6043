import { type BalancesReply, CURRENCY_CODES, type Currency, Decimal, transferBodySchema } from '@wallet/contract';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { CurrencySelect } from '../../../components/currency-select';
import { FormFooter } from '../../../components/form-footer';
import { checkAmountInput, maxAmount } from '../../../lib/amount-input';
import { AMOUNT_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useAmountDecimalsRule, useAmountIssueText } from '../../../lib/use-amount-issue-text';
import { useApiForm } from '../../../lib/use-api-form';
import type { Recipient } from '../api/get-recipient';
import { RecipientCard } from './recipient-card';
import styles from './transfer.module.css';

/** What step 1 settles: the currency and the exact amount, checked against the balance. */
export type TransferDraft = { currency: Currency; amount: string };

type Props = {
  recipient: Recipient;
  onChangeRecipient: () => void;
  balances: BalancesReply;
  /** What was asked before, when the member comes back from the confirmation to change it. */
  draft: TransferDraft | null;
  onReview: (draft: TransferDraft) => void;
};

const amountFormSchema = transferBodySchema.pick({ toUid: true, currency: true, amount: true });

const balanceIn = (balances: BalancesReply, currency: Currency) => balances.balances.find((b) => b.currency === currency)?.balance ?? '0';

/** Currencies the person holds first (in the reply's order), then the rest in the contract's order. */
function currencyOrder(balances: BalancesReply): Currency[] {
  const held = balances.balances.filter((b) => new Decimal(b.balance).gt(0)).map((b) => b.currency);
  return [...held, ...CURRENCY_CODES.filter((code) => !held.includes(code))];
}

/**
 * Step 2 of a transfer: currency and amount. The amount is checked exactly against the decimals a
 * member may type (on the spot) and the balance; then the confirmation (TransferConfirm) shows what
 * leaves, what arrives and who receives it before the code and payment password are asked.
 */
export function TransferForm({ recipient, onChangeRecipient, balances, draft, onReview }: Props) {
  const { t } = useTranslation();
  const amountIssueText = useAmountIssueText();
  const f = useApiForm(amountFormSchema, { fieldOf: AMOUNT_ERROR_FIELDS, linked: { currency: ['amount'] } });
  const decimalsRule = useAmountDecimalsRule(f.showIssues);
  const order = currencyOrder(balances);
  const currency: Currency = Form.useWatch('currency', f.form) ?? draft?.currency ?? order[0] ?? 'USDT';
  const available = balanceIn(balances, currency);

  const onFinish = (values: Record<string, unknown>) => {
    const typed = textValues(values, ['amount']);
    const amount = checkAmountInput(typed.amount, currency, { available });
    if (!amount.ok) return f.showIssues([{ field: 'amount', message: amountIssueText(amount.issue) }]);
    const body = f.check({ toUid: recipient.uid, currency, amount: amount.amount });
    if (body) onReview({ currency: body.currency, amount: body.amount });
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
      initialValues={draft ?? { currency: order[0] ?? 'USDT' }}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      footer={<FormFooter failure={f.failure} loading={false} submitTestId="transfer-next" submitLabel={t('transfer.review')} />}
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
    </Form>
  );
}
