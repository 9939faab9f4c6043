import type { Card } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { quoteWithdraw, useWithdrawCard } from '../../features/cards/api/card-money';
import { CardMoneyFlow } from '../../features/cards/components/card-money-flow';
import { CardPage } from '../../features/cards/components/card-page';
import { checkAmountInput, maxAmount } from '../../lib/amount-input';
import { formatExactMoney } from '../../lib/format';
import { useAmountIssueText } from '../../lib/use-amount-issue-text';

/**
 * Card balance back to the wallet (code 17): USD cards to USDT at the current rate, HKD cards to HKD.
 * What leaves the card, the rate and what reaches the wallet are shown before the payment password;
 * then the screen follows the transfer until the card issuer has answered.
 */
export default function CardToWalletPage() {
  const { t } = useTranslation();
  return <CardPage title={t('cards.toWallet.title')}>{(card) => <ToWallet card={card} />}</CardPage>;
}

function ToWallet({ card }: { card: Card }) {
  const { t } = useTranslation();
  const amountIssueText = useAmountIssueText();
  const withdraw = useWithdrawCard();
  const currency = card.currency;
  return (
    <CardMoneyFlow
      card={card}
      prefix="to-wallet"
      send={withdraw}
      amountLabel={t('cards.toWallet.amount', { currency })}
      amountDescription={
        <span data-testid="to-wallet-balance">
          {t('cards.toWallet.balance', { amount: formatExactMoney(card.balance, currency), currency })}
        </span>
      }
      unit={currency}
      max={maxAmount(card.balance, currency)}
      checkAmount={(typed) => {
        const checked = checkAmountInput(typed, currency, { available: card.balance });
        return checked.ok ? checked : { ok: false, message: amountIssueText(checked.issue) };
      }}
      quote={async (id, amount) => {
        const q = await quoteWithdraw(id, amount);
        return {
          amount: q.amount,
          movement: {
            kind: 'withdraw',
            debited: q.amount,
            debitedCurrency: q.cardCurrency,
            fee: '0',
            rate: q.rate,
            credited: q.credited,
            creditedCurrency: q.walletCurrency,
          },
        };
      }}
      quoteLabel={t('cards.toWallet.quote')}
      submitLabel={t('cards.toWallet.submit')}
    />
  );
}
