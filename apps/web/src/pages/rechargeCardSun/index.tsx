import type { Card } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { quoteRecharge, useRechargeCard } from '../../features/cards/api/card-money';
import styles from '../../features/cards/components/card-money.module.css';
import { CardMoneyFlow } from '../../features/cards/components/card-money-flow';
import { checkRecharge, maxRecharge, type RechargeIssue, rechargeMinimum } from '../../features/cards/components/card-money-limits';
import { CardPage } from '../../features/cards/components/card-page';
import { ChooseCard } from '../../features/cards/components/choose-card';
import { useCardId } from '../../features/cards/components/use-card-id';
import { useBalances } from '../../features/wallet/api/get-balances';
import { formatExactMoney, formatMoney } from '../../lib/format';
import { useAmountIssueText } from '../../lib/use-amount-issue-text';

const PATH = '/pages/rechargeCardSun/index';

/**
 * Recharge: USDT to a USD card (HKD to an HKD card), at least 20 and whole numbers, the fee on top.
 * Opened without a card, it asks which one. The fee, the rate and what reaches the card are shown
 * before the payment password; then the screen follows the recharge until the card issuer answered.
 */
export default function RechargeCardPage() {
  const { t } = useTranslation();
  const id = useCardId();
  if (!id)
    return (
      <>
        <NavBar back title={t('cards.recharge.title')} />
        <PageBody>
          <ChooseCard title={t('cardMoney.choose.rechargeTitle')} path={PATH} noneText={t('cardMoney.choose.noneText')} />
        </PageBody>
      </>
    );
  return <CardPage title={t('cards.recharge.title')}>{(card) => <Recharge card={card} />}</CardPage>;
}

function Recharge({ card }: { card: Card }) {
  const { t } = useTranslation();
  const amountIssueText = useAmountIssueText();
  const recharge = useRechargeCard();
  const balances = useBalances();
  const source = card.currency === 'HKD' ? 'HKD' : 'USDT';
  const minimum = rechargeMinimum(source);
  const feeRate = card.product.rechargeFeeRate;
  const available = balances.data ? (balances.data.balances.find((b) => b.currency === source)?.balance ?? '0') : undefined;
  const issueText = (issue: RechargeIssue) =>
    issue.code === 'overWithFee'
      ? t('cardMoney.recharge.overWithFee', { available: formatExactMoney(issue.available, source), currency: source })
      : amountIssueText(issue);
  return (
    <CardMoneyFlow
      card={card}
      prefix="recharge"
      direction="to"
      path={PATH}
      send={recharge}
      intro={t('cardMoney.recharge.intro', { currency: source })}
      amountLabel={t('cards.recharge.amount', { currency: source })}
      amountHint={
        <span className={styles.amountHint}>
          <span data-testid="recharge-available">
            {available === undefined
              ? '\u00a0'
              : t('cards.recharge.available', { amount: formatMoney(available, source), currency: source })}
          </span>
          {/* Whole amounts only: "20", not "20.00", beside a balance that has decimals. */}
          <span data-testid="recharge-minimum">{t('cardMoney.recharge.minimum', { minimum, currency: source })}</span>
        </span>
      }
      placeholder={t('cardMoney.recharge.placeholder', { minimum })}
      unit={source}
      max={available === undefined ? null : maxRecharge(available, feeRate, source)}
      checkAmount={(typed) => {
        const checked = checkRecharge(typed, { source, feeRate, available });
        return checked.ok ? checked : { ok: false, message: issueText(checked.issue) };
      }}
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
      sheetTitle={t('cardMoney.recharge.sheetTitle')}
      submitLabel={t('cards.recharge.submit')}
    />
  );
}
