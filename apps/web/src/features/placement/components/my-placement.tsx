import type { MyPlacement } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { formatMoney } from '../../../lib/format';

const sbc = (amount: string) => `${formatMoney(amount, 'SBC')} SBC`;
const usdt = (amount: string) => `${formatMoney(amount, 'USDT')} USDT`;
/** A count of whole units (sold, left, limits), grouped as amounts are: "400,000". */
const units = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** My placement as the spec lists it: held, its value now, price, paid, acquired, awaiting, distributed, nodes. */
export function MyPlacementFigures({ mine }: { mine: MyPlacement }) {
  const { t } = useTranslation();
  return (
    <FigureList
      testId="my-placement"
      figures={[
        { key: 'held', label: t('placement.mine.held'), value: sbc(mine.held), strong: true, testId: 'mine-held' },
        { key: 'value', label: t('placement.mine.value'), value: usdt(mine.estimatedValue), testId: 'mine-value' },
        { key: 'price', label: t('placement.mine.price'), value: usdt(mine.sbcPrice), testId: 'mine-price' },
        { key: 'paid', label: t('placement.mine.paid'), value: usdt(mine.purchaseAmount), testId: 'mine-paid' },
        { key: 'acquired', label: t('placement.mine.acquired'), value: sbc(mine.acquired), testId: 'mine-acquired' },
        { key: 'awaiting', label: t('placement.mine.awaiting'), value: sbc(mine.awaiting), testId: 'mine-awaiting' },
        { key: 'distributed', label: t('placement.mine.distributed'), value: sbc(mine.distributed), testId: 'mine-distributed' },
        {
          key: 'nodes',
          label: t('placement.mine.nodes'),
          value: t('placement.nodeCounts', { small: mine.nodes.small, large: mine.nodes.large }),
          testId: 'mine-nodes',
        },
      ]}
    />
  );
}

export { sbc, units, usdt };
