import type { Currency } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { type AmountIssue, amountIssueOfError, typingIssue } from './amount-input';
import type { FieldIssue } from './form-issues';

/** The sentence for an amount that cannot be sent, in the current language. */
export function useAmountIssueText(): (issue: AmountIssue) => string {
  const { t } = useTranslation();
  return (issue) => {
    switch (issue.code) {
      case 'required':
        return t('amountInput.required');
      case 'invalid':
        return t('amountInput.invalid');
      case 'zero':
        return t('amountInput.zero');
      case 'tooPrecise':
        return issue.decimals === 0
          ? t('amountInput.wholeOnly', { currency: issue.currency })
          : t('amountInput.tooPrecise', { currency: issue.currency, decimals: issue.decimals });
      case 'belowMinimum':
        return t('amountInput.belowMinimum', { minimum: issue.minimum, currency: issue.currency });
      case 'overBalance':
        return t('amountInput.overBalance', { available: issue.available, currency: issue.currency });
    }
  };
}

/**
 * The decimals rule of an amount field, said the same way wherever it is noticed: `onTyping` refuses
 * too many decimals as they are typed, `onServerError` shows the server's AMOUNT_TOO_MANY_DECIMALS
 * under the field (true when it did, so the form handles anything else).
 */
export function useAmountDecimalsRule(showIssues: (issues: FieldIssue[]) => void, field = 'amount') {
  const text = useAmountIssueText();
  const show = (issue: AmountIssue | null) => {
    if (issue) showIssues([{ field, message: text(issue) }]);
    return issue !== null;
  };
  return {
    onTyping: (raw: unknown, currency: Currency, decimals?: number) => show(typingIssue(raw, currency, decimals)),
    onServerError: (error: unknown) => show(amountIssueOfError(error)),
  };
}
