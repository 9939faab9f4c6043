import { useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { WITHDRAWAL_STATUSES } from '@wallet/contract';
import { Form, Input, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { MemberLink } from '../shared/member-link';
import { StatusTag } from '../shared/status-tag';
import type { WithdrawalRow } from '../types';
import { WithdrawalDecision } from './decide';

interface Search {
  status?: string;
  q?: string;
}

/** Every withdrawal, newest first, by status and by member UID, address or transaction hash (GET withdrawals/all). */
export function WithdrawalHistory() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery } = useTable<WithdrawalRow, HttpError, Search>({
    resource: 'withdrawals',
    meta: { apiPath: OPS_API.withdrawalsAll },
    sorters: { mode: 'off' },
    filters: { mode: 'server' },
    syncWithLocation: false,
    onSearch: (values) => [
      { field: 'status', operator: 'eq', value: values.status },
      { field: 'q', operator: 'contains', value: values.q?.trim() },
    ],
  });
  const refetch = () => void tableQuery.refetch();

  return (
    <>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('common.status')}
            options={WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: t(`ops.status.${status}`) }))}
            onChange={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
        <Form.Item name="q">
          <Input.Search
            allowClear
            style={{ width: 380 }}
            placeholder={t('ops.withdrawals.searchPlaceholder')}
            enterButton={t('common.search')}
            onSearch={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
      </Form>
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={refetch} />
      ) : (
        <Table {...tableProps} rowKey="id" scroll={{ x: 'max-content' }}>
          <Table.Column<WithdrawalRow> dataIndex="createdAt" title={t('ops.common.time')} render={(v: string) => <DateTime value={v} />} />
          <Table.Column<WithdrawalRow> dataIndex="memberUid" title={t('ops.members.uid')} render={(v: string) => <MemberLink uid={v} />} />
          <Table.Column<WithdrawalRow>
            dataIndex="amount"
            title={t('ops.common.amount')}
            render={(v: string, row) => <Money amount={v} currency={row.currency} />}
          />
          <Table.Column<WithdrawalRow> dataIndex="network" title={t('ops.common.network')} />
          <Table.Column<WithdrawalRow>
            dataIndex="address"
            title={t('ops.withdrawals.address')}
            render={(v: string) => (
              <Typography.Text copyable ellipsis style={{ maxWidth: 200 }}>
                {v}
              </Typography.Text>
            )}
          />
          <Table.Column<WithdrawalRow> dataIndex="status" title={t('common.status')} render={(v: string) => <StatusTag status={v} />} />
          <Table.Column<WithdrawalRow>
            dataIndex="txHash"
            title={t('ops.withdrawals.txHash')}
            render={(v: string | null) =>
              v ? (
                <Typography.Text copyable ellipsis style={{ maxWidth: 160 }}>
                  {v}
                </Typography.Text>
              ) : (
                t('common.none')
              )
            }
          />
          <Table.Column<WithdrawalRow> dataIndex="updatedAt" title={t('common.updatedAt')} render={(v: string) => <DateTime value={v} />} />
          <Table.Column<WithdrawalRow>
            title={t('table.actions')}
            fixed="right"
            render={(_, row) =>
              row.status === 'pending_review' ? (
                <WithdrawalDecision id={row.id} summary={`${row.amount} ${row.currency} → ${row.address}`} onDone={refetch} />
              ) : null
            }
          />
        </Table>
      )}
    </>
  );
}
