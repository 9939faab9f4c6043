import { RefreshButton, Show } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import type { ConsoleDpoolLine, ConsoleDpoolPeriod } from '@wallet/contract';
import { Card, Descriptions, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { MemberLink } from '../ops/shared/member-link';
import { PLACEMENT_API } from '../placement/api';
import { DpoolStatusTag } from './dpool-status';

const amountOrDash = (v: string | null) => (v === null ? '—' : <Money amount={v} />);

/** One D-pool period (GET nodes/dpool-periods/:id): its inputs, the published result and each holder's line. */
export function DpoolShowPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { query } = useCustom<{ period: ConsoleDpoolPeriod; lines: ConsoleDpoolLine[] }>({
    url: PLACEMENT_API.dpoolPeriod(id),
    method: 'get',
    errorNotification: false,
  });
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  const detail = query.data?.data;
  const p = detail?.period;

  return (
    <Show
      isLoading={!p}
      title={t('nodes.dpool.detailTitle', { period: p?.period ?? '' })}
      headerButtons={<RefreshButton onClick={refetch} />}
    >
      {p ? (
        <>
          <Card size="small" title={t('nodes.dpool.overview')} style={{ marginBottom: 16 }}>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={t('nodes.dpool.status')}>
                <DpoolStatusTag status={p.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.dpoolTotal')}>
                <Money amount={p.dpoolTotal} />
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.share')}>{p.sharePercent} %</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.pool')}>
                <Money amount={p.poolAmount} />
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.holders')}>{p.holders}</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.largeNodes')}>{p.largeNodesTotal}</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.paid')}>{amountOrDash(p.paidTotal)}</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.carried')}>{amountOrDash(p.carriedTotal)}</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.unallocated')}>{amountOrDash(p.unallocated)}</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.createdAt')}>
                <DateTime value={p.createdAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.paidAt')}>
                <DateTime value={p.paidAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.recordedBy')}>{p.recordedBy ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.approval')}>
                {p.approvalId ? <Link to={`/approvals/${p.approvalId}`}>{p.approvalId}</Link> : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.snapshotAt')} span={2}>
                <DateTime value={p.snapshotAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.snapshotHash')} span={3}>
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {p.snapshotHash}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.dpool.merkleRoot')} span={3}>
                {p.merkleRoot ? (
                  <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                    {p.merkleRoot}
                  </Typography.Text>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('nodes.note')} span={3}>
                {/* What an operator typed, in whatever language they wrote it. */}
                <span translate="no">{p.note}</span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={t('nodes.dpool.lines')}>
            <Table<ConsoleDpoolLine>
              size="small"
              rowKey="uid"
              dataSource={detail.lines}
              pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('nodes.dpool.linesEmpty')} /> }}
              columns={[
                { dataIndex: 'uid', title: t('nodes.uid'), render: (v: string) => <MemberLink uid={v} /> },
                { dataIndex: 'email', title: t('nodes.email') },
                { dataIndex: 'largeNodes', title: t('nodes.dpool.largeNodes'), align: 'right' },
                { dataIndex: 'amount', title: t('nodes.dpool.amount'), align: 'right', render: (v: string) => <Money amount={v} /> },
                {
                  dataIndex: 'carryAfter',
                  title: t('nodes.dpool.carryAfter'),
                  align: 'right',
                  render: (v: string) => <Money amount={v} />,
                },
              ]}
            />
          </Card>
        </>
      ) : null}
    </Show>
  );
}
