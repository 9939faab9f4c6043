import { type ErrorCode, LIMITS, type PayeeKind, type PayoutQuote, type PayoutTerms, payoutQuoteBodySchema } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { FormFooter } from '../../../components/form-footer';
import { checkAmountInput, maxAmount } from '../../../lib/amount-input';
import { AMOUNT_ERROR_FIELDS } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useAmountDecimalsRule, useAmountIssueText } from '../../../lib/use-amount-issue-text';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreatePayoutQuote } from '../api/create-payout-quote';

/** The server's refusals of an amount to sell, shown under the amount. */
const SELL_AMOUNT_ERRORS = {
  ...AMOUNT_ERROR_FIELDS,
  PAYOUT_BELOW_MINIMUM: 'amount',
  PAYOUT_ABOVE_MAXIMUM: 'amount',
  PAYOUT_DAILY_LIMIT_EXCEEDED: 'amount',
} as const satisfies Partial<Record<ErrorCode, string>>;

type Props = {
  kind: PayeeKind;
  terms: PayoutTerms;
  /** USDT held, as a decimal string. */
  available: string;
  /** What was asked last time, to change it rather than start over. */
  initialAmount: string;
  onQuote: (amount: string, quote: PayoutQuote) => void;
};

/** How much USDT to sell: typed with at most 2 decimals, checked against the balance and the minimum, then priced. */
export function SellAmountForm({ kind, terms, available, initialAmount, onQuote }: Props) {
  const { t } = useTranslation();
  const issueText = useAmountIssueText();
  const quote = useCreatePayoutQuote();
  const f = useApiForm(payoutQuoteBodySchema, { fieldOf: SELL_AMOUNT_ERRORS });
  const decimalsRule = useAmountDecimalsRule(f.showIssues);
  const decimals = LIMITS.payout.inputDecimals;
  const max = maxAmount(available, 'USDT', '0', decimals);

  const onFinish = (values: { amount?: string }) => {
    f.clearFailure();
    const checked = checkAmountInput(values.amount, 'USDT', { available, minimum: terms.minimum, decimals });
    if (!checked.ok) return f.showIssues([{ field: 'amount', message: issueText(checked.issue) }]);
    const body = f.check({ kind, amount: checked.amount });
    if (body)
      quote.mutate(body, {
        onSuccess: (reply) => onQuote(body.amount, reply),
        onError: (error) => decimalsRule.onServerError(error) || f.showError(error),
      });
  };

  return (
    <Form
      name="sellAmount"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ amount: initialAmount }}
      onFinish={onFinish}
      onValuesChange={(changed, values) => {
        f.onValuesChange(changed);
        decimalsRule.onTyping(values.amount, 'USDT', decimals);
      }}
      footer={
        <FormFooter failure={f.failure} loading={quote.isPending} submitTestId="payout-quote" submitLabel={t('payout.sell.getQuote')} />
      }
    >
      <Form.Item
        name="amount"
        label={t('payout.sell.amount')}
        description={<span data-testid="payout-available">{t('payout.sell.available', { amount: formatMoney(available, 'USDT') })}</span>}
        data-testid="payout-amount"
      >
        <AmountInput
          unit="USDT"
          placeholder={t('payout.sell.amountPlaceholder')}
          onMax={max ? () => f.form.setFields([{ name: 'amount', value: max, errors: [] }]) : undefined}
        />
      </Form.Item>
    </Form>
  );
}
