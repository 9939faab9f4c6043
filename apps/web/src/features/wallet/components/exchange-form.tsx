import { type Currency, LIMITS, type Quote, quoteBodySchema } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { LoopOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { CurrencySelect } from '../../../components/currency-select';
import { FormFooter } from '../../../components/form-footer';
import { checkAmountInput, maxAmount } from '../../../lib/amount-input';
import { ApiError } from '../../../lib/api-client';
import { AMOUNT_ERROR_FIELDS } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useAmountDecimalsRule, useAmountIssueText } from '../../../lib/use-amount-issue-text';
import { useApiForm } from '../../../lib/use-api-form';
import { type QuoteRequest, useCreateQuote } from '../api/create-quote';
import styles from './exchange.module.css';
import { fromChoices, isOffered, type Pair, settlePair, toChoices } from './exchange-pairs';

type Props = {
  pairs: readonly Pair[];
  /** The wallet's balance per currency ('0' when none). */
  available: (currency: Currency) => string;
  /** What was asked last time, to change it rather than start over. */
  initial: QuoteRequest | null;
  onQuote: (request: QuoteRequest, quote: Quote) => void;
};

/** Which currency into which, and how much: checked here as the server would, then priced. */
export function ExchangeForm({ pairs, available, initial, onQuote }: Props) {
  const { t } = useTranslation();
  const issueText = useAmountIssueText();
  const quote = useCreateQuote();
  // The amount is checked with checkAmountInput (precision, minimum, balance); the form shows the findings.
  const f = useApiForm(quoteBodySchema, { fieldOf: AMOUNT_ERROR_FIELDS });
  const decimalsRule = useAmountDecimalsRule(f.showIssues);
  const [pair, setPair] = useState(() => settlePair(pairs, initial?.from, initial?.to));

  if (!pair) return null;
  const { from, to } = pair;
  const balance = available(from);
  const max = maxAmount(balance, from);
  const canSwap = isOffered(pairs, to, from);
  const minimum = { code: 'belowMinimum', currency: from, minimum: formatMoney(LIMITS.exchange.minimum, from) } as const;

  const choose = (next: Pair | null) => {
    if (!next) return;
    setPair(next);
    f.form.setFields([{ name: 'amount', errors: [] }]);
    f.clearFailure();
    decimalsRule.onTyping(f.form.getFieldValue('amount'), next.from);
  };

  const onFinish = (values: { amount?: string }) => {
    f.clearFailure();
    const checked = checkAmountInput(values.amount, from, { available: balance, minimum: LIMITS.exchange.minimum });
    if (!checked.ok) {
      f.showIssues([{ field: 'amount', message: issueText(checked.issue) }]);
      return;
    }
    const request = { from, to, amount: checked.amount };
    quote.mutate(request, {
      onSuccess: (reply) => onQuote(request, reply),
      onError: (error) => {
        // The server's own minimum check: said with the figure, as the browser's check says it.
        if (error instanceof ApiError && error.code === 'AMOUNT_BELOW_MINIMUM')
          f.showIssues([{ field: 'amount', message: issueText(minimum) }]);
        else if (!decimalsRule.onServerError(error)) f.showError(error);
      },
    });
  };

  return (
    <Form
      name="exchange"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ amount: initial?.amount ?? '' }}
      onFinish={onFinish}
      onValuesChange={(changed, values) => {
        f.onValuesChange(changed);
        decimalsRule.onTyping(values.amount, from);
      }}
      footer={
        <FormFooter failure={f.failure} loading={quote.isPending} submitTestId="exchange-quote" submitLabel={t('exchange.getQuote')} />
      }
    >
      <Form.Item
        label={t('exchange.from')}
        description={
          <span data-testid="exchange-available">{t('exchange.available', { amount: formatMoney(balance, from), currency: from })}</span>
        }
      >
        <CurrencySelect
          value={from}
          currencies={fromChoices(pairs)}
          describe={(code) => formatMoney(available(code), code)}
          onChange={(currency) => choose(settlePair(pairs, currency, to))}
          testId="exchange-from"
        />
      </Form.Item>
      <div className={styles.swapRow}>
        <button
          type="button"
          className={styles.swap}
          onClick={() => choose({ from: to, to: from })}
          disabled={!canSwap}
          aria-label={t('exchange.swap')}
          data-testid="exchange-swap"
        >
          <LoopOutline aria-hidden="true" />
        </button>
      </div>
      <Form.Item label={t('exchange.to')}>
        <CurrencySelect
          value={to}
          currencies={toChoices(pairs, from)}
          onChange={(currency) => choose({ from, to: currency })}
          testId="exchange-to"
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('exchange.amount')}
        description={t('exchange.minimumHint', { minimum: formatMoney(LIMITS.exchange.minimum, from), currency: from })}
        data-testid="exchange-amount"
      >
        <AmountInput
          unit={from}
          placeholder={t('exchange.amountPlaceholder')}
          onMax={max ? () => f.form.setFields([{ name: 'amount', value: max, errors: [] }]) : undefined}
        />
      </Form.Item>
    </Form>
  );
}
