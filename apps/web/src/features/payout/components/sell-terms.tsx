import type { PayoutTerms } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { formatMoney, formatRate } from '../../../lib/format';
import { feePercent, remainingToday } from './terms';

const usdt = (amount: string) => `${formatMoney(amount, 'USDT')} USDT`;

/** What a sale is allowed now: per order, what is left of today's limit, the fee and the indicative rate. */
export function SellTerms({ terms }: { terms: PayoutTerms }) {
  const { t } = useTranslation();
  return (
    <FigureList
      testId="payout-terms"
      figures={[
        {
          key: 'limits',
          label: t('payout.sell.limits'),
          value: t('payout.sell.limitsValue', { minimum: usdt(terms.minimum), maximum: usdt(terms.maximum) }),
          testId: 'payout-limits',
        },
        { key: 'remaining', label: t('payout.sell.remaining'), value: usdt(remainingToday(terms)), testId: 'payout-remaining' },
        { key: 'fee', label: t('payout.sell.fee'), value: `${feePercent(terms.feeRate)}%`, testId: 'payout-fee-rate' },
        {
          key: 'rate',
          label: t('payout.sell.rate'),
          value: terms.rate === null ? t('payout.sell.noRate') : `1 USDT ≈ ${formatRate(terms.rate)} CNY`,
          testId: 'payout-rate',
        },
      ]}
    />
  );
}
