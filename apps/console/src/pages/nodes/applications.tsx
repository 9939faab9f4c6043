import { List, RefreshButton } from '@refinedev/antd';
import { type ConsoleLargeNodeApplication, LARGE_NODE_APPLICATION_STATUSES } from '@wallet/contract';
import { Empty, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { ActionButton } from '../ops/shared/action-button';
import { MemberLink } from '../ops/shared/member-link';
import { PLACEMENT_API } from '../placement/api';
import { useOffsetPage } from '../placement/paged';

type Status = ConsoleLargeNodeApplication['status'];
const COLOURS: Record<Status, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/**
 * Large-node applications (GET nodes/applications): a waiting one is approved through a second
 * operator (the request then waits in Approvals, linked from its row) or rejected with a reason that
 * releases the member's hold.
 */
export function ApplicationListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = LARGE_NODE_APPLICATION_STATUSES.find((value) => value === (params.get('status') ?? 'pending'));
  const { query, reply, pagination, firstPage } = useOffsetPage<ConsoleLargeNodeApplication>(PLACEMENT_API.applications, { status });
  const refetch = () => void query.refetch();

  const actions = (application: ConsoleLargeNodeApplication) => {
    if (application.status !== 'pending') return null;
    if (application.pendingApprovalId) {
      return (
        <Link to={`/approvals/${application.pendingApprovalId}`}>
          <Tag color="processing">{t('nodes.openApproval')}</Tag>
        </Link>
      );
    }
    const names = { email: application.memberEmail, amount: application.amount };
    return (
      <Space>
        <ActionButton
          resource="nodes-applications"
          action="decide"
          size="small"
          type="primary"
          label={t('nodes.applications.approve')}
          title={t('nodes.applications.approveTitle', names)}
          warning={t('nodes.applications.approveWarning', names)}
          url={PLACEMENT_API.applicationApprove(application.id)}
          fields={[{ name: 'note', label: t('nodes.note'), required: true, min: 3, max: 500, multiline: true }]}
          successMessage={t('nodes.waitsInApprovals')}
          onDone={refetch}
        />
        <ActionButton
          resource="nodes-applications"
          action="decide"
          size="small"
          danger
          label={t('nodes.applications.reject')}
          title={t('nodes.applications.rejectTitle', names)}
          warning={t('nodes.applications.rejectWarning', names)}
          url={PLACEMENT_API.applicationReject(application.id)}
          fields={[{ name: 'reason', label: t('nodes.applications.reason'), required: true, min: 3, max: 500, multiline: true }]}
          successMessage={t('nodes.applications.rejected')}
          onDone={refetch}
        />
      </Space>
    );
  };

  return (
    <List title={t('nodes.applications.title')} headerButtons={<RefreshButton onClick={refetch} />}>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status ?? 'all'}
        onChange={(value) => {
          firstPage();
          setParams(value === 'pending' ? {} : { status: String(value) });
        }}
        options={[...LARGE_NODE_APPLICATION_STATUSES, 'all'].map((value) => ({ value, label: t(`nodes.applications.statuses.${value}`) }))}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ConsoleLargeNodeApplication>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={reply?.items ?? []}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('nodes.applications.empty')} /> }}
          columns={[
            { dataIndex: 'createdAt', title: t('nodes.applications.createdAt'), render: (v: string) => <DateTime value={v} /> },
            {
              title: t('nodes.applications.member'),
              render: (_, a) => (
                <Space direction="vertical" size={0}>
                  <MemberLink uid={a.uid} />
                  <Typography.Text type="secondary">{a.memberEmail}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t('nodes.applications.applicant'),
              render: (_, a) => (
                <Space direction="vertical" size={0} translate="no">
                  <span>
                    {a.name} · {a.city}
                  </span>
                  <Typography.Text type="secondary">{a.email}</Typography.Text>
                  <Typography.Text type="secondary">
                    {a.contact}
                    {a.inviteCode ? ` · ${t('nodes.applications.inviteCode')} ${a.inviteCode}` : ''}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('nodes.applications.requirements'),
              render: (_, a) => t('nodes.applications.teamVenue', { team: a.teamSize, venue: a.venueSqm }),
            },
            { dataIndex: 'amount', title: t('nodes.applications.hold'), align: 'right', render: (v: string) => <Money amount={v} /> },
            {
              dataIndex: 'status',
              title: t('nodes.applications.status'),
              render: (v: Status) => <Tag color={COLOURS[v]}>{t(`nodes.applications.statuses.${v}`)}</Tag>,
            },
            {
              title: t('nodes.applications.decided'),
              render: (_, a) =>
                a.decidedAt ? (
                  <Space direction="vertical" size={0} style={{ maxWidth: 240 }}>
                    <DateTime value={a.decidedAt} />
                    <Typography.Text type="secondary">{a.decidedBy ?? ''}</Typography.Text>
                    {a.reason ? (
                      <Typography.Text translate="no" ellipsis={{ tooltip: a.reason }} style={{ maxWidth: 240 }}>
                        {a.reason}
                      </Typography.Text>
                    ) : null}
                  </Space>
                ) : (
                  '—'
                ),
            },
            { title: t('table.actions'), fixed: 'right', render: (_, a) => actions(a) },
          ]}
        />
      )}
    </List>
  );
}
