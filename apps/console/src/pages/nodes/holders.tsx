import { List, RefreshButton } from '@refinedev/antd';
import type { ConsoleNodeHolder, ConsoleNodeHolderList } from '@wallet/contract';
import { Card, Col, Empty, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error';
import { MemberLink } from '../ops/shared/member-link';
import { PLACEMENT_API } from '../placement/api';
import { useOffsetPage } from '../placement/paged';

/** Who holds nodes (GET nodes/holders): small and large per member, and the totals held. */
export function HolderListPage() {
  const { t } = useTranslation();
  const { query, reply, pagination } = useOffsetPage<ConsoleNodeHolder, ConsoleNodeHolderList>(PLACEMENT_API.holders);
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  return (
    <List title={t('nodes.holders.title')} headerButtons={<RefreshButton onClick={refetch} />}>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('nodes.holders.holders')} value={reply?.total ?? 0} loading={!reply} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('nodes.holders.totalSmall')} value={reply?.totals.small ?? 0} loading={!reply} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('nodes.holders.totalLarge')} value={reply?.totals.large ?? 0} loading={!reply} />
          </Card>
        </Col>
      </Row>
      <Table<ConsoleNodeHolder>
        size="small"
        rowKey="uid"
        loading={query.isFetching}
        dataSource={reply?.items ?? []}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('nodes.holders.empty')} /> }}
        columns={[
          { dataIndex: 'uid', title: t('nodes.uid'), render: (v: string) => <MemberLink uid={v} /> },
          { dataIndex: 'email', title: t('nodes.email') },
          { dataIndex: 'small', title: t('nodes.holders.small'), align: 'right' },
          { dataIndex: 'large', title: t('nodes.holders.large'), align: 'right' },
          { dataIndex: 'smallBought', title: t('nodes.holders.smallBought'), align: 'right' },
        ]}
      />
    </List>
  );
}
