import { type PlacementPurchase, type PlacementQuote, type PlacementRound, quoteForQuantity } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneCard } from '../../../components/done-card';
import { FigureList } from '../../../components/figure-list';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { usePlacementPurchase } from '../api/rounds';
import { sbc, usdt } from './my-placement';
import { PaySheet, usePasswordForm } from './pay-sheet';
import { quoteFigures, RoundCalculator } from './round-calculator';

type Props = { round: PlacementRound; refetchRound: () => Promise<unknown> };

/**
 * Buying in a round: the calculator's quote, then the sheet with the same figures and the payment
 * password. When the price moved meanwhile (others bought the cheaper tier), the round is read again
 * and the sheet shows what the same quantity costs now; confirming that is a new request, with a new key.
 */
export function RoundBuy({ round, refetchRound }: Props) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState<string | null>(null);
  const [done, setDone] = useState<PlacementPurchase | null>(null);
  const keys = useAttemptKeys();
  const f = usePasswordForm();
  const purchase = usePlacementPurchase(round.id);
  // Always the quote on the round as last read, so a refreshed round shows its new amount at once.
  const quote: PlacementQuote | null = quantity === null ? null : quoteForQuantity(round.tiers, round.sold, quantity);

  if (done) {
    return (
      <DoneCard
        title={t('placement.bought')}
        description={t('placement.boughtText', { quantity: sbc(done.quantity) })}
        action={t('placement.buyMore')}
        onAction={() => setDone(null)}
        testId="purchase-done"
      >
        <FigureList figures={quoteFigures({ quantity: done.quantity, amount: done.amount, lines: done.lines }, t)} />
      </DoneCard>
    );
  }

  const submit = (paymentPassword: string) => {
    if (!quote) return;
    const idempotencyKey = keys.keyFor(JSON.stringify({ round: round.id, quantity: quote.quantity, amount: quote.amount }));
    purchase.mutate(
      { body: { quantity: quote.quantity, expectedAmount: quote.amount, paymentPassword }, idempotencyKey },
      {
        onSuccess: keys.done((reply: PlacementPurchase) => {
          setQuantity(null);
          setDone(reply);
        }),
        onError: (error) => {
          f.showError(error);
          if (error instanceof ApiError && error.code === 'PLACEMENT_PRICE_CHANGED') void refetchRound();
        },
      },
    );
  };

  return (
    <>
      <RoundCalculator
        round={round}
        onBuy={(next) => {
          f.clearFailure();
          setQuantity(next.quantity);
        }}
      />
      <PaySheet
        visible={quantity !== null}
        title={t('placement.confirmBuy')}
        figures={quote ? quoteFigures(quote, t) : [{ key: 'gone', label: t('placement.quantity'), value: t('placement.calc.notEnough') }]}
        form={f}
        onSubmit={submit}
        onClose={() => setQuantity(null)}
        pending={purchase.isPending}
        submitLabel={quote ? t('placement.payAmount', { amount: usdt(quote.amount) }) : t('placement.buy')}
        testId="buy-password"
      />
    </>
  );
}
