import type { PayoutQuote } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { formatMoney } from '../../../lib/format';

type Figures = Pick<PayoutQuote, 'amount' | 'fee' | 'rate' | 'amountOut'>;

/**
 * A sale's figures exactly as the server priced them (quote or order): the USDT paid with the fee
 * in it, the fee, the rate and the CNY the payee receives (not stressed once rejected: it was never
 * paid). Nothing is rounded to fewer decimals.
 */
export function PayoutFigures({ figures, rejected = false, testId }: { figures: Figures; rejected?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <FigureList
      testId={testId}
      figures={[
        { key: 'pay', label: t('payout.quote.pay'), value: `${formatMoney(figures.amount, 'USDT')} USDT`, testId: 'payout-pay' },
        { key: 'fee', label: t('payout.quote.fee'), value: `${formatMoney(figures.fee, 'USDT')} USDT`, testId: 'payout-fee' },
        { key: 'rate', label: t('payout.quote.rate'), value: `1 USDT = ${figures.rate} CNY`, testId: 'payout-rate' },
        {
          key: 'receive',
          label: t('payout.quote.receive'),
          value: `${formatMoney(figures.amountOut, 'CNY')} CNY`,
          strong: !rejected,
          testId: 'payout-receive',
        },
      ]}
    />
  );
}
