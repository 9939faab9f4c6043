import { CURRENCY_CODES } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { FormCard } from '../../components/form-card';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useCard } from '../../features/cards/api/get-cards';
import { StatementForm } from '../../features/statements/components/statement-form';
import { memberTimeZone } from '../../features/statements/periods';
import { useBalances } from '../../features/wallet/api/get-balances';
import { useErrorText } from '../../lib/use-error-text';

/** Statements of the wallet, or of one card with ?cardId=, downloaded as CSV or PDF. */
export default function StatementPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const cardId = params.get('cardId');
  const card = useCard(cardId);
  const balances = useBalances();
  const [timeZone] = useState(memberTimeZone);

  const body = () => {
    if (cardId) {
      if (card.isError)
        return (
          <ErrorState
            title={t('statements.loadError')}
            description={errorText(card.error)}
            onRetry={() => void card.refetch()}
            retrying={card.isFetching}
          />
        );
      if (!card.data) return <LoadingState rows={6} />;
      const last4 = card.data.maskedNumber?.slice(-4);
      return (
        <FormCard description={last4 ? t('statements.cardIntro', { last4 }) : t('statements.cardIntroPending')}>
          <StatementForm cardId={cardId} currencies={[]} timeZone={timeZone} />
        </FormCard>
      );
    }
    // The currencies the wallet has held, in the app's order; all of them while the balances load or fail.
    const held = new Set(balances.data?.balances.map((b) => b.currency) ?? CURRENCY_CODES);
    return (
      <FormCard description={t('statements.intro')}>
        <StatementForm currencies={CURRENCY_CODES.filter((c) => held.has(c))} timeZone={timeZone} />
      </FormCard>
    );
  };

  return (
    <>
      <NavBar title={cardId ? t('statements.cardTitle') : t('statements.title')} back />
      <PageBody>{body()}</PageBody>
    </>
  );
}
