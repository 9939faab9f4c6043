import { List, ShowButton, useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { QueryError } from '../../../components/query-error';
import { StatusTag } from '../shared/status-tag';
import type { MemberSummary } from '../types';

/** Members found by email, UID, bound address or a card's last four digits (GET members?q=). */
export function MemberList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery } = useTable<MemberSummary, HttpError, { q?: string }>({
    resource: 'members',
    sorters: { mode: 'off' },
    filters: { mode: 'server' },
    onSearch: (values) => [{ field: 'q', operator: 'contains', value: values.q?.trim() }],
  });

  return (
    <List title={t('ops.members.title')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search
            allowClear
            style={{ width: 420 }}
            placeholder={t('ops.members.searchPlaceholder')}
            onSearch={() => searchFormProps.form?.submit()}
            enterButton={t('common.search')}
          />
        </Form.Item>
      </Form>
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => tableQuery.refetch()} />
      ) : (
        <Table {...tableProps} rowKey="uid" scroll={{ x: 'max-content' }}>
          <Table.Column<MemberSummary> dataIndex="uid" title={t('ops.members.uid')} />
          <Table.Column<MemberSummary> dataIndex="email" title={t('common.email')} />
          <Table.Column<MemberSummary> dataIndex="nickname" title={t('ops.members.nickname')} render={(v) => v ?? t('common.none')} />
          <Table.Column<MemberSummary>
            dataIndex="boundAddress"
            title={t('ops.members.boundAddress')}
            render={(address: string, row) => (
              <Space size={4}>
                <Tag>{row.boundNetwork}</Tag>
                <Typography.Text copyable={{ text: address }} ellipsis style={{ maxWidth: 220 }}>
                  {address}
                </Typography.Text>
              </Space>
            )}
          />
          <Table.Column<MemberSummary>
            dataIndex="kycStatus"
            title={t('ops.members.kyc')}
            render={(s: string) => <StatusTag status={`kyc_${s}`} />}
          />
          <Table.Column<MemberSummary>
            dataIndex="locked"
            title={t('ops.members.lock')}
            render={(locked: boolean) => (locked ? <Tag color="red">{t('ops.members.locked')}</Tag> : <Tag>{t('ops.members.open')}</Tag>)}
          />
          <Table.Column<MemberSummary>
            dataIndex="createdAt"
            title={t('ops.members.joined')}
            render={(v: string) => <DateTime value={v} />}
          />
          <Table.Column<MemberSummary>
            title={t('table.actions')}
            fixed="right"
            render={(_, row) => <ShowButton hideText size="small" recordItemId={row.uid} />}
          />
        </Table>
      )}
    </List>
  );
}
