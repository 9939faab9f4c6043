import { useCustom } from '@refinedev/core';
import { Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import type { RecordPage } from '../types';

const PAGE_SIZE = 20;

/**
 * The member's wallet records as the member app lists them: the route pages by cursor (newest first),
 * so the table steps forward with "Older" and back through the cursors already seen.
 */
export function MemberRecords({ uid, currencies }: { uid: string; currencies: string[] }) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<string | undefined>();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { query } = useCustom<RecordPage>({
    url: OPS_API.memberRecords(uid),
    method: 'get',
    config: { query: { limit: PAGE_SIZE, cursor, currency } },
    errorNotification: false,
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const page = query.data?.data;

  return (
    <>
      <Select
        allowClear
        style={{ width: 200, marginBottom: 12 }}
        placeholder={t('ops.common.currency')}
        value={currency}
        onChange={(value?: string) => {
          setCurrency(value);
          setCursors([undefined]);
        }}
        options={currencies.map((code) => ({ value: code, label: code }))}
      />
      <Table
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={page?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { dataIndex: 'createdAt', title: t('ops.common.time'), render: (v: string) => <DateTime value={v} /> },
          { dataIndex: 'label', title: t('ops.members.recordType') },
          {
            dataIndex: 'amount',
            title: t('ops.common.amount'),
            render: (v: string, row) => <Money amount={v} currency={row.currency} signed />,
          },
          { dataIndex: 'balanceAfter', title: t('ops.members.balanceAfter'), render: (v: string) => <Money amount={v} /> },
          { dataIndex: 'reference', title: t('ops.members.reference'), render: (v: string | null) => v ?? t('common.none') },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button disabled={cursors.length < 2} onClick={() => setCursors((list) => list.slice(0, -1))}>
          {t('ops.common.newer')}
        </Button>
        <Button disabled={!page?.nextCursor} onClick={() => setCursors((list) => [...list, page?.nextCursor ?? undefined])}>
          {t('ops.common.older')}
        </Button>
      </Space>
    </>
  );
}
