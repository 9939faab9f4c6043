import { List, useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';
import { MemberLink } from '../shared/member-link';
import { StatusTag } from '../shared/status-tag';
import type { CardRow } from '../types';

/** Members' cards by a card's last four digits or a member UID (GET cards?q=); freeze and unfreeze (compliance). */
export function CardList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery } = useTable<CardRow, HttpError, { q?: string }>({
    resource: 'cards',
    sorters: { mode: 'off' },
    filters: { mode: 'server' },
    onSearch: (values) => [{ field: 'q', operator: 'contains', value: values.q?.trim() }],
  });
  const refetch = () => void tableQuery.refetch();

  return (
    <List title={t('ops.cards.title')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search
            allowClear
            style={{ width: 360 }}
            maxLength={20}
            placeholder={t('ops.cards.searchPlaceholder')}
            enterButton={t('common.search')}
            onSearch={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
      </Form>
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={refetch} />
      ) : (
        <Table {...tableProps} rowKey="id" scroll={{ x: 'max-content' }}>
          <Table.Column<CardRow> dataIndex="memberUid" title={t('ops.members.uid')} render={(v: string) => <MemberLink uid={v} />} />
          <Table.Column<CardRow> dataIndex="product" title={t('ops.cards.product')} />
          <Table.Column<CardRow>
            dataIndex="last4"
            title={t('ops.cards.number')}
            render={(v: string | null) => (v ? `•••• ${v}` : t('common.none'))}
          />
          <Table.Column<CardRow> dataIndex="type" title={t('ops.cards.type')} render={(v: string) => t(`ops.cards.types.${v}`)} />
          <Table.Column<CardRow> dataIndex="status" title={t('common.status')} render={(v: string) => <StatusTag status={`card_${v}`} />} />
          <Table.Column<CardRow>
            dataIndex="frozen"
            title={t('ops.cards.frozen')}
            render={(frozen: boolean, row) =>
              frozen ? (
                <Tag color="blue">
                  {t('ops.cards.frozenYes')}
                  {row.freezeReason ? ` · ${t(`ops.cards.freezeReasons.${row.freezeReason}`, { defaultValue: row.freezeReason })}` : ''}
                </Tag>
              ) : (
                t('common.no')
              )
            }
          />
          <Table.Column<CardRow>
            dataIndex="balance"
            title={t('ops.cards.balance')}
            render={(v: string, row) => <Money amount={v} currency={row.currency} />}
          />
          <Table.Column<CardRow> dataIndex="createdAt" title={t('common.createdAt')} render={(v: string) => <DateTime value={v} />} />
          <Table.Column<CardRow>
            title={t('table.actions')}
            fixed="right"
            render={(_, row) =>
              row.frozen ? (
                <ActionButton
                  resource="cards"
                  action="freeze"
                  size="small"
                  label={t('ops.cards.unfreeze')}
                  title={t('ops.cards.unfreezeTitle', { card: row.last4 ?? row.id })}
                  warning={t('ops.cards.unfreezeWarning')}
                  url={OPS_API.cardUnfreeze(row.id)}
                  fields={[{ name: 'reason', label: t('ops.cards.unfreezeReason'), min: 3, max: 500, multiline: true }]}
                  successMessage={t('ops.cards.unfrozen')}
                  onDone={refetch}
                />
              ) : (
                <ActionButton
                  resource="cards"
                  action="freeze"
                  danger
                  size="small"
                  label={t('ops.cards.freeze')}
                  title={t('ops.cards.freezeTitle', { card: row.last4 ?? row.id })}
                  warning={t('ops.cards.freezeWarning')}
                  url={OPS_API.cardFreeze(row.id)}
                  fields={[{ name: 'reason', label: t('common.reason'), required: true, min: 3, max: 500, multiline: true }]}
                  successMessage={t('ops.cards.frozenDone')}
                  onDone={refetch}
                />
              )
            }
          />
        </Table>
      )}
    </List>
  );
}
