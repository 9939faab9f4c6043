import { List, RefreshButton } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';
import type { RatesReply } from '../types';
import { PairEdit } from './pair-edit';

const PRICE = /^(0|[1-9]\d{0,14})(\.\d{1,18})?$/;

/**
 * USD prices (every estimate and exchange rate comes from them) with when and by whom each was last
 * set, and the exchange pairs' spread, fee and switch (GET rates).
 */
export function RatesPage() {
  const { t } = useTranslation();
  const { query } = useCustom<RatesReply>({ url: OPS_API.rates, method: 'get', errorNotification: false });
  // The reply itself: Refine's `result` is an empty object while the request is under way.
  const data = query.data?.data;
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  return (
    <List title={t('ops.rates.title')} headerButtons={<RefreshButton onClick={refetch} />}>
      <Card size="small" title={t('ops.rates.prices')} style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="currency"
          loading={query.isFetching}
          dataSource={data?.rates ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { dataIndex: 'currency', title: t('ops.common.currency') },
            { dataIndex: 'usdPrice', title: t('ops.rates.usdPrice'), render: (v: string) => <Money amount={v} currency="USD" /> },
            { dataIndex: 'updatedAt', title: t('ops.rates.changedAt'), render: (v: string) => <DateTime value={v} /> },
            { dataIndex: 'updatedBy', title: t('ops.rates.changedBy'), render: (v: string | null) => v ?? t('common.none') },
            {
              title: t('table.actions'),
              render: (_, row) => (
                <ActionButton
                  resource="rates"
                  action="edit"
                  method="put"
                  size="small"
                  label={t('buttons.edit')}
                  title={t('ops.rates.editPrice', { currency: row.currency, price: row.usdPrice })}
                  warning={t('ops.rates.priceWarning')}
                  url={OPS_API.rate(row.currency)}
                  fields={[
                    {
                      name: 'usdPrice',
                      label: t('ops.rates.usdPrice'),
                      required: true,
                      pattern: PRICE,
                      patternMessage: t('ops.rates.priceInvalid'),
                      placeholder: row.usdPrice,
                    },
                  ]}
                  successMessage={t('ops.rates.saved')}
                  onDone={refetch}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('ops.rates.pairs')}>
        <Typography.Paragraph type="secondary">{t('ops.rates.pairsNoTime')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey={(row) => `${row.from}-${row.to}`}
          loading={query.isFetching}
          dataSource={data?.pairs ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('ops.rates.pair'), render: (_, row) => `${row.from} → ${row.to}` },
            { dataIndex: 'spread', title: t('ops.common.spread') },
            { dataIndex: 'feeRate', title: t('ops.common.feeRate') },
            {
              dataIndex: 'enabled',
              title: t('ops.rates.enabled'),
              render: (v: boolean) => (v ? <Tag color="green">{t('ops.common.on')}</Tag> : <Tag>{t('ops.common.off')}</Tag>),
            },
            { title: t('table.actions'), render: (_, row) => <PairEdit pair={row} onDone={refetch} /> },
          ]}
        />
      </Card>
    </List>
  );
}
