import type { RecordFigures as Figures } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate } from '../../../lib/format';

type Row = { key: string; label: string; value: string };

/**
 * The figures behind a record's amount, as they were priced: an exchange's amount paid, fee, rate and
 * amount received; a card top-up's amount loaded onto the card, fee and total from the wallet (with
 * what the card received, in its currency, when that differs).
 */
export function RecordFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const rows: Row[] = [];
  if (figures.kind === 'exchange') {
    rows.push(
      { key: 'paid', label: t('records.detail.paid'), value: `${formatMoney(figures.amountIn, figures.from)} ${figures.from}` },
      { key: 'fee', label: t('records.detail.fee'), value: `${formatMoney(figures.fee, figures.from)} ${figures.from}` },
      { key: 'rate', label: t('records.detail.rate'), value: `1 ${figures.from} ≈ ${formatRate(figures.rate)} ${figures.to}` },
      { key: 'received', label: t('records.detail.received'), value: `${formatMoney(figures.amountOut, figures.to)} ${figures.to}` },
    );
  } else {
    const source = figures.sourceCurrency;
    rows.push(
      { key: 'loaded', label: t('records.detail.loaded'), value: `${formatMoney(figures.amount, source)} ${source}` },
      { key: 'fee', label: t('records.detail.fee'), value: `${formatMoney(figures.fee, source)} ${source}` },
      { key: 'total', label: t('records.detail.total'), value: `${formatMoney(figures.total, source)} ${source}` },
    );
    if (figures.cardCurrency !== source) {
      rows.push(
        { key: 'rate', label: t('records.detail.rate'), value: `1 ${source} ≈ ${formatRate(figures.rate)} ${figures.cardCurrency}` },
        {
          key: 'cardReceived',
          label: t('records.detail.cardReceived'),
          value: `${formatMoney(figures.credited, figures.cardCurrency)} ${figures.cardCurrency}`,
        },
      );
    }
  }
  return rows.map((row) => (
    <List.Item key={row.key} extra={<span data-testid={`record-figure-${row.key}`}>{row.value}</span>}>
      {row.label}
    </List.Item>
  ));
}
