import type { Quote } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { formatExactMoney, formatRate } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import styles from './exchange.module.css';
import { quoteSecondsLeft } from './quote-seconds';

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
  const { secondsLeft } = useCountdown(quoteSecondsLeft(quote.expiresAt));
  const expired = secondsLeft === 0 || gone;

  return (
    <>
      <FigureList
        testId="exchange-quote-card"
        figures={[
          {
            key: 'pay',
            label: t('exchange.quote.pay'),
            value: `${formatExactMoney(quote.amountIn, quote.from)} ${quote.from}`,
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
            value: `${formatExactMoney(quote.fee, quote.from)} ${quote.from}`,
            testId: 'quote-fee',
          },
          {
            key: 'receive',
            label: t('exchange.quote.receive'),
            value: `${formatExactMoney(quote.amountOut, quote.to)} ${quote.to}`,
            strong: true,
            testId: 'quote-receive',
          },
        ]}
      />
      <p
        className={expired ? `${styles.countdown} ${styles.countdownExpired}` : styles.countdown}
        role="timer"
        aria-live="off"
        data-testid="quote-countdown"
      >
        <ClockCircleOutline aria-hidden="true" />
        {expired ? t('exchange.quote.expired') : t('exchange.quote.expiresIn', { seconds: secondsLeft })}
      </p>
      <div className={styles.buttons}>
        {expired ? (
          <Button block color="primary" size="large" loading={refreshing} onClick={onRefresh} data-testid="quote-refresh">
            {t('exchange.quote.refresh')}
          </Button>
        ) : (
          <Button block color="primary" size="large" onClick={onConfirm} data-testid="quote-confirm">
            {t('exchange.quote.confirm')}
          </Button>
        )}
        <Button block fill="none" color="primary" onClick={onEdit} data-testid="quote-edit">
          {t('exchange.quote.edit')}
        </Button>
      </div>
    </>
  );
}
