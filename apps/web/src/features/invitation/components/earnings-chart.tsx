import { Selector, Skeleton } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryGate } from '../../../components/query-gate';
import { useEarnings } from '../api/get-agency-summary';
import styles from './invitation.module.css';

// uPlot (~50 kB) loads with the chart, never with the first screen or the rest of this page.
const EarningsPlot = lazy(() => import('./earnings-plot'));

/** The last 30 days of earnings, one currency at a time. */
export function EarningsChart() {
  const { t } = useTranslation();
  const earnings = useEarnings();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <QueryGate query={earnings} errorTitle={t('invitation.agency.chartError')} rows={3} compact>
      {(series) => {
        const currencies = [...new Set(series.days.flatMap((d) => Object.keys(d.amounts)))].sort();
        if (currencies.length === 0) return <EmptyState title={t('invitation.agency.chartEmpty')} compact />;
        const currency = picked && currencies.includes(picked) ? picked : (currencies[0] as string);
        return (
          <div className={styles.chart}>
            {currencies.length > 1 && (
              <Selector
                options={currencies.map((c) => ({ label: c, value: c }))}
                value={[currency]}
                onChange={(value) => value[0] && setPicked(value[0])}
              />
            )}
            <p className={styles.chartTitle}>{t('invitation.agency.chartLabel', { currency })}</p>
            <Suspense fallback={<Skeleton animated style={{ height: 180 }} />}>
              <EarningsPlot series={series} currency={currency} label={t('invitation.agency.chartLabel', { currency })} />
            </Suspense>
          </div>
        );
      }}
    </QueryGate>
  );
}
