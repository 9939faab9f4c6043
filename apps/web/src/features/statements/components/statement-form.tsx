import {
  type Currency,
  LIMITS,
  STATEMENT_FORMATS,
  STATEMENT_LIMITS,
  type StatementFormat,
  type StatementQuery,
  statementPeriodIssue,
} from '@wallet/contract';
import { Form, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, formatDay } from '../../../components/date-field';
import { FormFooter } from '../../../components/form-footer';
import { ApiError } from '../../../lib/api-client';
import { fromIsoDate, toIsoDate } from '../../../lib/dates';
import { useAppStore } from '../../../lib/store';
import { useDownloadStatement } from '../api/download-statement';
import { type PeriodChoice, quickPeriod } from '../periods';
import styles from './statement-form.module.css';

type Props = {
  /** A card's statement (in its currency) instead of the wallet's. */
  cardId?: string;
  /** Currencies the wallet has held, to choose one of; none for a card. */
  currencies: readonly Currency[];
  timeZone: string;
};

const ALL = 'all';
const PERIODS: PeriodChoice[] = ['thisMonth', 'lastMonth', 'custom'];

/**
 * The period (this month, last month, or two days picked on wheels), the currency for a wallet
 * statement, and the file type; the period is checked here as the server checks it, then the file
 * is downloaded.
 */
export function StatementForm({ cardId, currencies, timeZone }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const download = useDownloadStatement();
  const [now] = useState(() => new Date());
  const [choice, setChoice] = useState<PeriodChoice>('thisMonth');
  const [custom, setCustom] = useState(() => quickPeriod('thisMonth', now));
  const [currency, setCurrency] = useState<Currency | typeof ALL>(ALL);
  const [format, setFormat] = useState<StatementFormat>('csv');
  const [issue, setIssue] = useState<ApiError | null>(null);
  const period = choice === 'custom' ? custom : quickPeriod(choice, now);
  const today = toIsoDate(now);
  const earliest = new Date(now.getFullYear() - 10, 0, 1);

  const submit = () => {
    const problem = statementPeriodIssue(period.from, period.to, today);
    if (problem) return setIssue(new ApiError(problem, problem, 400));
    setIssue(null);
    const query: StatementQuery = { ...period, format, tz: timeZone, ...(cardId ? { cardId } : currency === ALL ? {} : { currency }) };
    download.mutate(query, {
      onSuccess: () => Toast.show({ icon: 'success', content: t('statements.downloaded'), duration: LIMITS.client.toastDurationMs }),
    });
  };

  return (
    <Form
      name="statement"
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={submit}
      footer={
        <FormFooter
          failure={issue ?? download.error}
          submitLabel={t('statements.download')}
          loading={download.isPending}
          submitTestId="statement-download"
        />
      }
    >
      <Form.Item
        label={t('statements.period')}
        description={
          <span className={styles.hint}>
            <span data-testid="statement-range">
              {t('statements.range', { from: formatDay(period.from, language), to: formatDay(period.to, language) })}
            </span>
            <span>{t('statements.rangeHint', { zone: timeZone, days: STATEMENT_LIMITS.maxDays })}</span>
          </span>
        }
      >
        <Selector<PeriodChoice>
          columns={3}
          value={[choice]}
          onChange={([next]) => next && setChoice(next)}
          options={PERIODS.map((p) => ({ value: p, label: t(`statements.${p}`) }))}
          data-testid="statement-period"
        />
      </Form.Item>
      {choice === 'custom' && (
        <>
          <Form.Item label={t('statements.from')}>
            <DateField
              value={custom.from}
              onChange={(from) => setCustom((c) => ({ ...c, from }))}
              title={t('statements.pickFrom')}
              placeholder={t('statements.pickFrom')}
              min={earliest}
              max={now}
              start={fromIsoDate(custom.from) ?? now}
              testId="statement-from"
            />
          </Form.Item>
          <Form.Item label={t('statements.to')}>
            <DateField
              value={custom.to}
              onChange={(to) => setCustom((c) => ({ ...c, to }))}
              title={t('statements.pickTo')}
              placeholder={t('statements.pickTo')}
              min={earliest}
              max={now}
              start={fromIsoDate(custom.to) ?? now}
              testId="statement-to"
            />
          </Form.Item>
        </>
      )}
      {!cardId && (
        <Form.Item label={t('statements.currency')}>
          <Selector<Currency | typeof ALL>
            columns={3}
            value={[currency]}
            onChange={([next]) => next && setCurrency(next)}
            options={[{ value: ALL, label: t('statements.allCurrencies') }, ...currencies.map((c) => ({ value: c, label: c }))]}
            data-testid="statement-currency"
          />
        </Form.Item>
      )}
      <Form.Item label={t('statements.format')}>
        <Selector<StatementFormat>
          columns={2}
          value={[format]}
          onChange={([next]) => next && setFormat(next)}
          options={STATEMENT_FORMATS.map((f) => ({ value: f, label: t(`statements.${f}`) }))}
          data-testid="statement-format"
        />
      </Form.Item>
    </Form>
  );
}
