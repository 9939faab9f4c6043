import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { quoteSecondsLeft } from '../lib/quote-seconds';
import { useCountdown } from '../lib/use-countdown';
import styles from './quote-timer.module.css';

type Props = {
  expiresAt: string;
  /** How long a quote of this kind holds at most (the exchange's, the flash exchange terms'). */
  holdSeconds: number;
  /** The server said the quote can no longer be used, whatever the countdown shows. */
  gone?: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  onEdit: () => void;
  editLabel: string;
  /** The way to accept the quote, shown only while it holds. */
  children: ReactNode;
};

/**
 * The seconds a priced quote still holds, then a way to a fresh one; under it, the way back to
 * change what was asked. Mount it with the quote's id as key: each quote counts from its arrival.
 * The texts are the exchange screen's, where quotes began.
 */
export function QuoteTimer({ expiresAt, holdSeconds, gone = false, onRefresh, refreshing, onEdit, editLabel, children }: Props) {
  const { t } = useTranslation();
  const { secondsLeft } = useCountdown(quoteSecondsLeft(expiresAt, holdSeconds));
  const expired = secondsLeft === 0 || gone;

  return (
    <>
      <p
        className={expired ? `${styles.countdown} ${styles.expired}` : styles.countdown}
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
          children
        )}
        <Button block fill="none" color="primary" onClick={onEdit} data-testid="quote-edit">
          {editLabel}
        </Button>
      </div>
    </>
  );
}
