import { useCustom } from '@refinedev/core';
import { Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { API } from '../../api-paths';
import { QueryError } from '../../components/query-error';
import type { DashboardDay } from '../../types/console';

const MONEY_SERIES = [
  { key: 'deposits', color: '#16a34a' },
  { key: 'withdrawals', color: '#dc2626' },
  { key: 'cardSpend', color: '#2563eb' },
  { key: 'flashExchange', color: '#d97706' },
] as const;

/**
 * The 30-day charts (GET dashboard/series). A chart needs numbers to draw a line: the USDT strings
 * become numbers here, for the drawing only; every figure an operator reads as a value stays a string.
 */
export default function DashboardCharts() {
  const { t } = useTranslation();
  const { query } = useCustom<{ days: DashboardDay[] }>({
    url: API.dashboardSeries,
    method: 'get',
    config: { query: { days: 30 } },
  });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const days = query.data?.data.days ?? [];
  if (days.length === 0) return <Empty />;
  const points = days.map((day) => ({
    day: day.day.slice(5),
    newMembers: day.newMembers,
    ...Object.fromEntries(MONEY_SERIES.map(({ key }) => [key, Number.parseFloat(day[key])])),
  }));
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={16}>
        <Typography.Text strong>{t('dashboard.chartMoney')}</Typography.Text>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={12} />
            <YAxis fontSize={12} width={72} />
            <Tooltip />
            <Legend />
            {MONEY_SERIES.map(({ key, color }) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={t(`dashboard.${key}`)}
                stroke={color}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </Col>
      <Col xs={24} xl={8}>
        <Typography.Text strong>{t('dashboard.chartMembers')}</Typography.Text>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} width={40} />
            <Tooltip />
            <Bar dataKey="newMembers" name={t('dashboard.newMembers')} fill="#1d4ed8" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Col>
    </Row>
  );
}
