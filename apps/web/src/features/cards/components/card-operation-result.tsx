import type { CardOperation } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DoneCard } from '../../../components/done-card';
import { useCardOperation } from '../api/card-operation';
import styles from './card-money.module.css';
import { MoneyFigures } from './money-figures';
import { exact, money } from './movement';

type Props = {
  /** The operation as the recharge or card to wallet request answered it. */
  started: CardOperation;
  /** After a failure: the same request again, confirmed anew. */
  onRetry: () => void;
  onBack: () => void;
};

/**
 * Where a recharge or card to wallet stands after the payment password. Succeeded: what moved.
 * Failed: nothing was taken, with a retry. Processing: the money is held while the card service
 * confirms; the screen asks again by itself and turns into one of the other two.
 */
export function CardOperationResult({ started, onRetry, onBack }: Props) {
  const { t } = useTranslation();
  const operation = useCardOperation(started);
  const recharge = operation.kind === 'recharge';
  const back = t('cards.operation.backToCard');

  if (operation.status === 'failed') {
    // Inside a sentence the amount and its currency stay on one line.
    const returned = money(operation.debited, operation.debitedCurrency).replace(' ', '\u00a0');
    return (
      <>
        <DoneCard
          status="error"
          testId="card-op-result"
          title={recharge ? t('cards.operation.rechargeFailed') : t('cards.operation.withdrawFailed')}
          description={
            <span data-testid="card-op-failed">
              {recharge
                ? t('cards.operation.rechargeReturned', { amount: returned })
                : t('cards.operation.withdrawReturned', { amount: returned })}
            </span>
          }
          action={t('cards.operation.tryAgain')}
          onAction={onRetry}
          actionTestId="card-op-retry"
        />
        <div className={styles.secondary}>
          <Button fill="none" color="primary" onClick={onBack} data-testid="card-op-back">
            {back}
          </Button>
        </div>
      </>
    );
  }

  if (operation.status === 'processing') {
    return (
      <DoneCard
        status="waiting"
        testId="card-op-result"
        title={t('cards.operation.processingTitle')}
        description={
          <span data-testid="card-op-processing">
            {recharge ? t('cards.operation.processingRecharge') : t('cards.operation.processingWithdraw')}
          </span>
        }
        action={back}
        onAction={onBack}
        actionTestId="card-op-back"
      >
        <MoneyFigures movement={operation} className={styles.result} testId="card-op-figures" />
        <p className={styles.note} aria-live="polite">
          {t('cards.operation.autoUpdate')}
        </p>
      </DoneCard>
    );
  }

  return (
    <DoneCard
      testId="card-op-result"
      title={
        <span data-testid="card-op-succeeded">
          {recharge
            ? t('cards.recharge.done', {
                amount: exact(operation.credited, operation.creditedCurrency),
                currency: operation.creditedCurrency,
              })
            : t('cards.toWallet.done', {
                amount: exact(operation.credited, operation.creditedCurrency),
                currency: operation.creditedCurrency,
              })}
        </span>
      }
      action={back}
      onAction={onBack}
      actionTestId="card-op-back"
    >
      <MoneyFigures movement={operation} className={styles.result} testId="card-op-figures" />
    </DoneCard>
  );
}
