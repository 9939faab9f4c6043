import type { Card } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { quoteWithdraw, useWithdrawCard } from '../../features/cards/api/card-money';
import styles from '../../features/cards/components/card-money.module.css';
import { CardMoneyFlow } from '../../features/cards/components/card-money-flow';
import { checkCardToWallet, maxCardToWallet } from '../../features/cards/components/card-money-limits';
import { CardPage } from '../../features/cards/components/card-page';
import { ChooseCard } from '../../features/cards/components/choose-card';
import { useCardId } from '../../features/cards/components/use-card-id';
import { formatExactMoney } from '../../lib/format';
import { useAmountIssueText } from '../../lib/use-amount-issue-text';

const PATH = '/pages/cardToSun/index';

/**
 * Card balance back to the wallet (code 17): USD cards to USDT at the current rate, HKD cards to HKD.
 * Opened without a card, it asks which one. What leaves the card, the rate and what reaches the wallet
 * are shown before the payment password; then the screen follows the transfer until the issuer answered.
 */
export default function CardToWalletPage() {
  const { t } = useTranslation();
  const id = useCardId();
  if (!id)
    return (
      <>
        <NavBar back title={t('cards.toWallet.title')} />
        <PageBody>
          <ChooseCard title={t('cardMoney.choose.toWalletTitle')} path={PATH} noneText={t('cardMoney.choose.noneToWalletText')} />
        </PageBody>
      </>
    );
  return <CardPage title={t('cards.toWallet.title')}>{(card) => <ToWallet card={card} />}</CardPage>;
}

function ToWallet({ card }: { card: Card }) {
  const { t } = useTranslation();
  const amountIssueText = useAmountIssueText();
  const withdraw = useWithdrawCard();
  const currency = card.currency;
  const walletCurrency = currency === 'HKD' ? 'HKD' : 'USDT';
  const max = maxCardToWallet(card.balance, currency);
  return (
    <CardMoneyFlow
      card={card}
      prefix="to-wallet"
      direction="from"
      path={PATH}
      send={withdraw}
      intro={t('cardMoney.toWallet.intro', { currency: walletCurrency })}
      amountLabel={t('cards.toWallet.amount', { currency })}
      amountHint={
        <span className={styles.amountHint}>
          <span data-testid="to-wallet-balance">
            {t('cards.toWallet.balance', { amount: formatExactMoney(card.balance, currency), currency })}
          </span>
        </span>
      }
      placeholder={t('cardMoney.toWallet.placeholder', { max: formatExactMoney(card.balance, currency) })}
      unit={currency}
      max={max}
      checkAmount={(typed) => {
        const checked = checkCardToWallet(typed, currency, card.balance);
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
      sheetTitle={t('cardMoney.toWallet.sheetTitle')}
      submitLabel={t('cards.toWallet.submit')}
    />
  );
}
