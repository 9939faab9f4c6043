import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { type Movement, movementRows } from './movement';

type Props = { movement: Movement; className?: string; testId?: string };

/** A card movement's figures; each amount carries a test id (card-figure-debited, ...) for browser tests. */
export function MoneyFigures({ movement, className, testId }: Props) {
  const { t } = useTranslation();
  const figures = movementRows(movement, t).map((row) => ({ ...row, testId: `card-figure-${row.key}` }));
  return <FigureList figures={figures} className={className} testId={testId} />;
}
