import { Decimal, type PlacementRound } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { units, usdt } from './my-placement';

/** Units left in each tier once `sold` went, tier by tier: the same walk the calculator makes. */
function tiersLeft(round: PlacementRound) {
  let before = new Decimal(round.sold);
  return round.tiers.map((tier) => {
    const size = new Decimal(tier.quantity);
    const used = Decimal.min(size, Decimal.max(before, 0));
    before = before.minus(size);
    return { ...tier, left: size.minus(used).toFixed() };
  });
}

/** The round's price tiers: the price of each and how many of its units are left. */
export function RoundTiers({ round }: { round: PlacementRound }) {
  const { t } = useTranslation();
  return (
    <FigureList
      testId="round-tiers"
      figures={tiersLeft(round).map((tier, index) => ({
        key: String(index),
        label: t('placement.tier', { number: index + 1, price: usdt(tier.price) }),
        value: t('placement.tierLeft', { left: units(tier.left), size: units(tier.quantity) }),
      }))}
    />
  );
}
