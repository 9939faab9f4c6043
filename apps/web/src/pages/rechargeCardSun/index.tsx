import { type Card, LIMITS } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { quoteRecharge, useRechargeCard } from '../../features/cards/api/card-money';
import { CardMoneyFlow } from '../../features/cards/components/card-money-flow';
import { CardPage } from '../../features/cards/components/card-page';
import { useBalances } from '../../features/wallet/api/get-balances';
import { formatMoney } from '../../lib/format';

/**
 * Recharge: USDT to a USD card (HKD to an HKD card), at least 20 and whole numbers. The fee, the rate
 * and what reaches the card are shown first; then the payment password confirms, and the screen
 * follows the recharge until the card issuer has answered.
 */
export default function RechargeCardPage() {
  const { t } = useTranslation();
  return <CardPage title={t('cards.recharge.title')}>{(card) => <Recharge card={card} />}</CardPage>;
}

function Recharge({ card }: { card: Card }) {
  const { t } = useTranslation();
  const recharge = useRechargeCard();
  const balances = useBalances();
  const source = card.currency === 'HKD' ? 'HKD' : 'USDT';
  const minimum = source === 'HKD' ? LIMITS.cardRecharge.minimumHkd : LIMITS.cardRecharge.minimumUsdt;
  const available = balances.data ? (balances.data.balances.find((b) => b.currency === source)?.balance ?? '0') : undefined;
  return (
    <CardMoneyFlow
      card={card}
      prefix="recharge"
      send={recharge}
      amountLabel={t('cards.recharge.amount', { currency: source })}
      amountDescription={
        <>
          {t('cards.recharge.minimum', { minimum, currency: source })}
          {available !== undefined && (
            <div data-testid="recharge-available">
              {t('cards.recharge.available', { amount: formatMoney(available, source), currency: source })}
            </div>
          )}
        </>
      }
      unit={source}
      checkAmount={(typed) => (typed === '' ? { ok: false, message: t('amountInput.required') } : { ok: true, amount: typed })}
      quote={async (id, amount) => {
        const q = await quoteRecharge(id, amount);
        return {
          amount: q.amount,
          movement: {
            kind: 'recharge',
            debited: q.total,
            debitedCurrency: q.sourceCurrency,
            fee: q.fee,
            rate: q.rate,
            credited: q.credited,
            creditedCurrency: q.cardCurrency,
          },
        };
      }}
      quoteLabel={t('cards.recharge.quote')}
      submitLabel={t('cards.recharge.submit')}
    />
  );
}
