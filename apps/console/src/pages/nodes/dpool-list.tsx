import { List, RefreshButton } from '@refinedev/antd';
import { useNavigation } from '@refinedev/core';
import { type ConsoleDpoolPeriod, DPOOL_PERIOD_PATTERN } from '@wallet/contract';
import { Empty, Form, Input, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { FormDialog, NoteField } from '../agency/form-dialog';
import { PLACEMENT_API } from '../placement/api';
import { useOffsetPage } from '../placement/paged';
import { DpoolStatusTag, shortHash } from './dpool-status';

/** An SBC amount as the ledger keeps it: above 0, at most 18 decimals. */
const SBC_AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;
const amountOrDash = (v: string | null) => (v === null ? '—' : <Money amount={v} />);

/**
 * The D-pool periods (GET nodes/dpool-periods): each period's total, the pool paid from it, what was
 * paid, carried and left, and the Merkle root holders check their lines against; recording a period
 * asks a second operator.
 */
export function DpoolListPage() {
  const { t } = useTranslation();
  const { query, reply, pagination } = useOffsetPage<ConsoleDpoolPeriod>(PLACEMENT_API.dpoolPeriods);
  const refetch = () => void query.refetch();

  return (
    <List
      title={t('nodes.dpool.title')}
      headerButtons={
        <>
          <RefreshButton onClick={refetch} />
          <RecordPeriod />
        </>
      }
    >
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ConsoleDpoolPeriod>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={reply?.items ?? []}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('nodes.dpool.empty')} /> }}
          columns={[
            { dataIndex: 'period', title: t('nodes.dpool.period'), render: (v: string, p) => <Link to={`/nodes/dpool/${p.id}`}>{v}</Link> },
            {
              dataIndex: 'status',
              title: t('nodes.dpool.status'),
              render: (v: ConsoleDpoolPeriod['status']) => <DpoolStatusTag status={v} />,
            },
            { dataIndex: 'dpoolTotal', title: t('nodes.dpool.dpoolTotal'), align: 'right', render: (v: string) => <Money amount={v} /> },
            {
              dataIndex: 'poolAmount',
              title: t('nodes.dpool.pool'),
              align: 'right',
              render: (v: string, p) => (
                <span>
                  <Money amount={v} /> <Typography.Text type="secondary">({p.sharePercent} %)</Typography.Text>
                </span>
              ),
            },
            { dataIndex: 'holders', title: t('nodes.dpool.holders'), align: 'right' },
            { dataIndex: 'paidTotal', title: t('nodes.dpool.paid'), align: 'right', render: amountOrDash },
            { dataIndex: 'carriedTotal', title: t('nodes.dpool.carried'), align: 'right', render: amountOrDash },
            { dataIndex: 'unallocated', title: t('nodes.dpool.unallocated'), align: 'right', render: amountOrDash },
            {
              dataIndex: 'merkleRoot',
              title: t('nodes.dpool.merkleRoot'),
              render: (v: string | null) =>
                v ? (
                  <Tooltip title={v}>
                    <Typography.Text code copyable={{ text: v }}>
                      {shortHash(v)}
                    </Typography.Text>
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </List>
  );
}

interface PeriodValues {
  period: string;
  dpoolTotal: string;
  note: string;
}

/** Records a period's D-pool total: the server answers with the approval request it waits on. */
function RecordPeriod() {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const required = { required: true, whitespace: true, message: t('ops.common.required') };
  return (
    <FormDialog<PeriodValues>
      resource="nodes-dpool"
      action="create"
      type="primary"
      idempotent
      label={t('nodes.dpool.record')}
      title={t('nodes.dpool.recordTitle')}
      url={PLACEMENT_API.dpoolPeriods}
      warning={t('nodes.dpool.recordWarning')}
      body={({ period, dpoolTotal, note }) => ({ period: period.trim(), dpoolTotal: dpoolTotal.trim(), note: note.trim() })}
      successMessage={() => t('nodes.waitsInApprovals')}
      onDone={(reply) => {
        const approvalId = (reply as { approvalId?: string } | null)?.approvalId;
        if (approvalId) show('approvals', approvalId);
      }}
    >
      {() => (
        <>
          <Form.Item
            name="period"
            label={t('nodes.dpool.period')}
            extra={t('nodes.dpool.periodHelp')}
            rules={[required, { pattern: DPOOL_PERIOD_PATTERN, message: t('nodes.dpool.periodInvalid') }]}
          >
            <Input autoComplete="off" placeholder="2026-12" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item
            name="dpoolTotal"
            label={t('nodes.dpool.dpoolTotal')}
            rules={[
              required,
              {
                validator: (_, value: string | undefined) =>
                  SBC_AMOUNT.test(value?.trim() ?? '') && /[1-9]/.test(value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('nodes.dpool.totalInvalid'))),
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" suffix="SBC" style={{ maxWidth: 280 }} />
          </Form.Item>
          <NoteField />
        </>
      )}
    </FormDialog>
  );
}
