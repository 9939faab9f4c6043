import type { Quote } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DoneCard } from '../../../components/done-card';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { FormCard } from '../../../components/form-card';
import { FormFailure } from '../../../components/form-failure';
import { LoadingState } from '../../../components/loading-state';
import { formatMoney } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { type QuoteRequest, useCreateQuote } from '../api/create-quote';
import type { ExchangeReply } from '../api/execute-exchange';
import { useBalances } from '../api/get-balances';
import { useExchangePairs } from '../api/get-exchange-pairs';
import { availableOf } from './all-balances';
import { ConfirmExchange } from './confirm-exchange';
import styles from './exchange.module.css';
import { ExchangeForm } from './exchange-form';
import { QuoteCard } from './quote-card';

export const RECORDS_PATH = '/pages/recordsSun/index';

type Stage =
  | { step: 'form' }
  | { step: 'quote'; quote: Quote; confirming: boolean; gone: unknown }
  | { step: 'done'; reply: ExchangeReply };

/** The exchange from choice to receipt: amount, quote with its countdown, payment password, result. */
export function ExchangePanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const pairs = useExchangePairs();
  const balances = useBalances();
  const refresh = useCreateQuote();
  const [request, setRequest] = useState<QuoteRequest | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'form' });

  if (pairs.isPending || balances.isPending) return <LoadingState rows={6} />;
  if (pairs.isError || balances.isError) {
    return (
      <ErrorState
        title={t('exchange.loadError')}
        description={errorText(pairs.error ?? balances.error)}
        onRetry={() => {
          if (pairs.isError) void pairs.refetch();
          if (balances.isError) void balances.refetch();
        }}
        retrying={pairs.isFetching || balances.isFetching}
      />
    );
  }
  if (pairs.data.pairs.length === 0) return <EmptyState title={t('exchange.noPairs')} />;

  if (stage.step === 'done') {
    const { quote } = stage.reply;
    return (
      <>
        <DoneCard
          title={t('exchange.done.title')}
          description={
            <span data-testid="exchange-done">
              {t('exchange.done.description', {
                pay: `${formatMoney(quote.amountIn, quote.from)} ${quote.from}`,
                receive: `${formatMoney(quote.amountOut, quote.to)} ${quote.to}`,
              })}
            </span>
          }
          action={t('exchange.done.records')}
          onAction={() => navigate(RECORDS_PATH)}
        />
        <div className={styles.again}>
          <Button fill="none" color="primary" onClick={() => setStage({ step: 'form' })} data-testid="exchange-again">
            {t('exchange.done.again')}
          </Button>
        </div>
      </>
    );
  }

  if (stage.step === 'quote') {
    const { quote } = stage;
    const refreshQuote = () =>
      request &&
      refresh.mutate(request, {
        onSuccess: (fresh) => setStage({ step: 'quote', quote: fresh, confirming: false, gone: null }),
        onError: (error) => setStage({ ...stage, confirming: false, gone: error }),
      });
    return (
      <FormCard title={t('exchange.quote.title')}>
        <QuoteCard
          key={quote.id}
          quote={quote}
          onConfirm={() => setStage({ ...stage, confirming: true, gone: null })}
          onRefresh={refreshQuote}
          refreshing={refresh.isPending}
          gone={stage.gone !== null}
          onEdit={() => setStage({ step: 'form' })}
        />
        {stage.gone !== null && (
          <div className={styles.failure}>
            <FormFailure error={stage.gone} />
          </div>
        )}
        {stage.confirming && (
          <ConfirmExchange
            quote={quote}
            visible
            onClose={() => setStage({ ...stage, confirming: false })}
            onDone={(reply) => setStage({ step: 'done', reply })}
            onQuoteGone={(error) => setStage({ ...stage, confirming: false, gone: error })}
          />
        )}
      </FormCard>
    );
  }

  return (
    <FormCard description={t('exchange.intro')}>
      <ExchangeForm
        pairs={pairs.data.pairs}
        available={(currency) => availableOf(balances.data, currency)}
        initial={request}
        onQuote={(asked, quote) => {
          setRequest(asked);
          setStage({ step: 'quote', quote, confirming: false, gone: null });
        }}
      />
    </FormCard>
  );
}
