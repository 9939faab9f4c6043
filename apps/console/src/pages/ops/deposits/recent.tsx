import { useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { DEPOSIT_STATUSES } from '@wallet/contract';
import { Form, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { MemberLink } from '../shared/member-link';
import { StatusTag } from '../shared/status-tag';
import type { DepositRow } from '../types';
import { LongText } from './tx-cells';

/** Deposits seen on chain, newest first, by status (GET deposits). */
export function RecentDeposits() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery } = useTable<DepositRow, HttpError, { status?: string }>({
    resource: 'deposits',
    meta: { apiPath: OPS_API.deposits },
    sorters: { mode: 'off' },
    filters: { mode: 'server' },
    syncWithLocation: false,
    onSearch: (values) => [{ field: 'status', operator: 'eq', value: values.status }],
  });

  return (
    <>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('common.status')}
            options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`ops.status.${status}`) }))}
            onChange={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
      </Form>
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => tableQuery.refetch()} />
      ) : (
        <Table {...tableProps} rowKey="id" scroll={{ x: 'max-content' }}>
          <Table.Column<DepositRow>
            dataIndex="detectedAt"
            title={t('ops.deposits.detected')}
            render={(v: string) => <DateTime value={v} />}
          />
          <Table.Column<DepositRow>
            dataIndex="memberUid"
            title={t('ops.members.uid')}
            render={(v: string | null) => <MemberLink uid={v} />}
          />
          <Table.Column<DepositRow>
            dataIndex="amount"
            title={t('ops.common.amount')}
            render={(v: string, row) => <Money amount={v} currency={row.currency} />}
          />
          <Table.Column<DepositRow> dataIndex="network" title={t('ops.common.network')} />
          <Table.Column<DepositRow> dataIndex="status" title={t('common.status')} render={(v: string) => <StatusTag status={v} />} />
          <Table.Column<DepositRow>
            dataIndex="from"
            title={t('ops.deposits.from')}
            render={(v: string) => <LongText value={v} width={160} />}
          />
          <Table.Column<DepositRow>
            dataIndex="txHash"
            title={t('ops.deposits.txHash')}
            render={(v: string) => <LongText value={v} width={160} />}
          />
          <Table.Column<DepositRow> dataIndex="note" title={t('ops.deposits.note')} render={(v: string | null) => v ?? t('common.none')} />
          <Table.Column<DepositRow>
            dataIndex="creditedAt"
            title={t('ops.deposits.credited')}
            render={(v: string | null) => <DateTime value={v} />}
          />
        </Table>
      )}
    </>
  );
}
