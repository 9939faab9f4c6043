import { LIMITS, type Quote } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { QuoteTimer } from '../../../components/quote-timer';
import { formatMoney, formatRate } from '../../../lib/format';

type Props = {
  quote: Quote;
  onConfirm: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** The server said the quote can no longer be used, whatever the countdown shows. */
  gone?: boolean;
  onEdit: () => void;
};

/**
 * A quote as the server priced it: rate, fee, what is paid and received, and the seconds it still
 * holds. Mount it with key={quote.id}: each quote counts down from its own arrival.
 */
export function QuoteCard({ quote, onConfirm, onRefresh, refreshing, gone = false, onEdit }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <FigureList
        testId="exchange-quote-card"
        figures={[
          {
            key: 'pay',
            label: t('exchange.quote.pay'),
            value: `${formatMoney(quote.amountIn, quote.from)} ${quote.from}`,
            testId: 'quote-pay',
          },
          {
            key: 'rate',
            label: t('exchange.quote.rate'),
            value: `1 ${quote.from} ≈ ${formatRate(quote.rate)} ${quote.to}`,
            testId: 'quote-rate',
          },
          {
            key: 'fee',
            label: t('exchange.quote.fee'),
            value: `${formatMoney(quote.fee, quote.from)} ${quote.from}`,
            testId: 'quote-fee',
          },
          {
            key: 'receive',
            label: t('exchange.quote.receive'),
            value: `${formatMoney(quote.amountOut, quote.to)} ${quote.to}`,
            strong: true,
            testId: 'quote-receive',
          },
        ]}
      />
      <QuoteTimer
        expiresAt={quote.expiresAt}
        holdSeconds={LIMITS.exchange.quoteSeconds}
        gone={gone}
        onRefresh={onRefresh}
        refreshing={refreshing}
        onEdit={onEdit}
        editLabel={t('exchange.quote.edit')}
      >
        <Button block color="primary" size="large" onClick={onConfirm} data-testid="quote-confirm">
          {t('exchange.quote.confirm')}
        </Button>
      </QuoteTimer>
    </>
  );
}
