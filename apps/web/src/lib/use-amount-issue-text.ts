import { useTranslation } from 'react-i18next';
import type { AmountIssue } from './amount-input';

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
