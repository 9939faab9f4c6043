import { Decimal, type PlacementQuote, type PlacementRound, quoteForAmount, quoteForQuantity } from '@wallet/contract';
import { Button, Input } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Figure, FigureList } from '../../../components/figure-list';
import { TabSwitch } from '../../../components/tab-switch';
import { sbc, units, usdt } from './my-placement';
import styles from './placement.module.css';

type Mode = 'amount' | 'quantity';
type Problem = 'invalid' | 'tooLittle' | 'notEnough';
const AMOUNT = /^\d{1,12}(\.\d{0,6})?$/;
const QUANTITY = /^\d{1,12}$/;

/** The quote for what was typed, on the round's current `sold`, or why there is none. */
function quoteOf(round: PlacementRound, mode: Mode, typed: string): { quote: PlacementQuote | null; problem: Problem | null } {
  if (typed === '') return { quote: null, problem: null };
  if (mode === 'amount') {
    if (!AMOUNT.test(typed)) return { quote: null, problem: 'invalid' };
    const quote = quoteForAmount(round.tiers, round.sold, typed);
    return new Decimal(quote.quantity).gt(0) ? { quote, problem: null } : { quote: null, problem: 'tooLittle' };
  }
  if (!QUANTITY.test(typed) || new Decimal(typed).lte(0)) return { quote: null, problem: 'invalid' };
  const quote = quoteForQuantity(round.tiers, round.sold, typed);
  return quote ? { quote, problem: null } : { quote: null, problem: 'notEnough' };
}

/** The per-tier split of a quote and its total: what the sheet shows before the password too. */
export function quoteFigures(quote: PlacementQuote, t: TFunction): Figure[] {
  return [
    ...quote.lines.map((line, index) => ({
      key: `line-${index}`,
      label: t('placement.line', { quantity: line.quantity, price: usdt(line.price) }),
      value: usdt(line.amount),
      testId: `quote-line-${index}`,
    })),
    { key: 'quantity', label: t('placement.quantity'), value: sbc(quote.quantity), testId: 'quote-quantity' },
    { key: 'amount', label: t('placement.amount'), value: usdt(quote.amount), strong: true, testId: 'quote-amount' },
  ];
}

type Props = { round: PlacementRound; onBuy: (quote: PlacementQuote) => void };

/**
 * The spec's "calculate", both ways: USDT in gives the most whole SBC it buys, SBC in gives what they
 * cost, across the tiers, on the round as last read. The member's limits show beside it.
 */
export function RoundCalculator({ round, onBuy }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('amount');
  const [typed, setTyped] = useState('');
  const { quote, problem } = quoteOf(round, mode, typed.trim());
  const mayBuyMore = Decimal.max(new Decimal(round.maxPerMember).minus(round.myQuantity), 0).toFixed();
  const outOfLimits = quote !== null && (new Decimal(quote.quantity).lt(round.minPerMember) || new Decimal(quote.quantity).gt(mayBuyMore));
  const switchTo = (next: Mode) => {
    setMode(next);
    setTyped('');
  };
  return (
    <div className={styles.rows} data-testid="calculator">
      <TabSwitch
        tabs={[
          { key: 'amount', title: t('placement.calc.byAmount') },
          { key: 'quantity', title: t('placement.calc.byQuantity') },
        ]}
        active={mode}
        onChange={switchTo}
      >
        <Input
          className={styles.calcInput}
          value={typed}
          onChange={setTyped}
          inputMode={mode === 'amount' ? 'decimal' : 'numeric'}
          placeholder={mode === 'amount' ? t('placement.calc.amountPlaceholder') : t('placement.calc.quantityPlaceholder')}
          aria-label={mode === 'amount' ? t('placement.calc.byAmount') : t('placement.calc.byQuantity')}
          data-testid={`calc-${mode}`}
          clearable
        />
      </TabSwitch>
      {problem && <p className={`${styles.muted} ${styles.bad}`}>{t(`placement.calc.${problem}`)}</p>}
      {quote && <FigureList testId="quote" figures={quoteFigures(quote, t)} />}
      <p className={styles.muted} data-testid="member-limits">
        {t('placement.limits', {
          min: units(round.minPerMember),
          max: units(round.maxPerMember),
          mine: units(round.myQuantity),
          left: units(mayBuyMore),
        })}
      </p>
      {outOfLimits && <p className={`${styles.muted} ${styles.bad}`}>{t('placement.calc.outOfLimits')}</p>}
      <Button
        block
        color="primary"
        disabled={round.status !== 'open' || quote === null || outOfLimits}
        onClick={() => {
          if (quote) onBuy(quote);
        }}
        data-testid="buy"
      >
        {round.status === 'open' ? t('placement.buy') : t(`placement.status.${round.status}`)}
      </Button>
    </div>
  );
}
