import type { Payee, PayeeKind, PayoutOrder, PayoutQuote, PayoutTerms } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { FormFailure } from '../../../components/form-failure';
import { QuoteTimer } from '../../../components/quote-timer';
import { useCreatePayoutQuote } from '../api/create-payout-quote';
import styles from './payout.module.css';
import { PayoutConfirmForm } from './payout-confirm-form';
import { PayoutFigures } from './payout-figures';
import { SellAmountForm } from './sell-amount-form';
import { SellTerms } from './sell-terms';

type Props = {
  kind: PayeeKind;
  payee: Payee;
  terms: PayoutTerms;
  /** USDT held, as a decimal string. */
  available: string;
  onSold: (order: PayoutOrder) => void;
  onSetPaymentPassword: () => void;
};

type Stage = { step: 'form' } | { step: 'quote'; quote: PayoutQuote; gone: unknown };

/** A sale from amount to order: the terms and amount, the quote with its countdown, the payment password. */
export function SellPanel({ kind, payee, terms, available, onSold, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const requote = useCreatePayoutQuote();
  const [amount, setAmount] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'form' });

  if (stage.step === 'form') {
    return (
      <FormCard description={t('payout.sell.intro')}>
        <SellTerms terms={terms} />
        <SellAmountForm
          kind={kind}
          terms={terms}
          available={available}
          initialAmount={amount}
          onQuote={(asked, quote) => {
            setAmount(asked);
            setStage({ step: 'quote', quote, gone: null });
          }}
        />
      </FormCard>
    );
  }

  const { quote, gone } = stage;
  const refresh = () =>
    requote.mutate(
      { kind, amount },
      {
        onSuccess: (fresh) => setStage({ step: 'quote', quote: fresh, gone: null }),
        onError: (error) => setStage({ ...stage, gone: error }),
      },
    );
  return (
    <FormCard title={t('payout.quote.title')}>
      <PayoutFigures figures={quote} testId="payout-quote-card" />
      <QuoteTimer
        key={quote.id}
        expiresAt={quote.expiresAt}
        holdSeconds={terms.quoteSeconds}
        gone={gone !== null}
        onRefresh={refresh}
        refreshing={requote.isPending}
        onEdit={() => setStage({ step: 'form' })}
        editLabel={t('payout.quote.edit')}
      >
        <PayoutConfirmForm
          quote={quote}
          payee={payee}
          onDone={onSold}
          onQuoteGone={(error) => setStage({ ...stage, gone: error })}
          onSetPaymentPassword={onSetPaymentPassword}
        />
      </QuoteTimer>
      {gone !== null && (
        <div className={styles.failure}>
          <FormFailure error={gone} />
        </div>
      )}
    </FormCard>
  );
}
