import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { AGENCY_ROLES } from '@wallet/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { QueryError } from '../../components/query-error';
import { AGENCY_API } from './api';
import { FormDialog, NoteField } from './form-dialog';
import { RoleTag } from './role-tag';
import type { AgencyMember, AgencyTicketGrant } from './types';

const UID = /^[1-9]\d{7}$/;
const NO_ROLE = 'none';

/**
 * A member in the agency programme, looked up by UID (`?uid=`): role with its change form, upline,
 * team per depth, direct invitees (paged), role history and card tickets with the grant form.
 */
export function AgencyMemberPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const [invalid, setInvalid] = useState(false);

  return (
    <List title={t('agency.members.title')}>
      <Typography.Paragraph type="secondary">{t('agency.members.lookupHelp')}</Typography.Paragraph>
      <Form.Item
        label={t('agency.members.lookup')}
        validateStatus={invalid ? 'error' : undefined}
        help={invalid ? t('agency.members.uidInvalid') : undefined}
        style={{ maxWidth: 360 }}
      >
        <Input.Search
          defaultValue={uid}
          autoComplete="off"
          inputMode="numeric"
          enterButton
          onSearch={(value) => {
            const asked = value.trim();
            setInvalid(!UID.test(asked));
            if (UID.test(asked)) setParams({ uid: asked });
          }}
        />
      </Form.Item>
      {UID.test(uid) ? <MemberView key={uid} uid={uid} /> : null}
    </List>
  );
}

function MemberView({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { query } = useCustom<AgencyMember>({
    url: AGENCY_API.member(uid),
    method: 'get',
    config: { query: { limit: 20, cursor } },
    errorNotification: false,
  });
  const member = query.data?.data;
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  if (!member?.uid) return <Card loading />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={`${member.uid} · ${member.email}`}
        extra={
          <Space>
            <RoleForm member={member} onDone={refetch} />
            <GrantForm member={member} onDone={refetch} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('agency.role')}>
            <RoleTag role={member.role} />
          </Descriptions.Item>
          <Descriptions.Item label={t('agency.members.assignedAt')}>
            <DateTime value={member.assignedAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('agency.members.joinedAt')}>
            <DateTime value={member.joinedAt} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('agency.members.tickets')}>
        <Row gutter={16}>
          {(['granted', 'remaining', 'handed', 'used'] as const).map((name) => (
            <Col key={name} xs={12} md={6}>
              <Statistic title={t(`agency.members.${name}`)} value={member.tickets[name]} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('agency.members.upline')}>
            <Table
              size="small"
              rowKey="depth"
              pagination={false}
              dataSource={member.upline}
              locale={{ emptyText: <Empty description={t('agency.members.uplineEmpty')} /> }}
              columns={[
                { dataIndex: 'depth', title: t('agency.members.depth'), render: (v: number) => t('agency.levelN', { level: v }) },
                { dataIndex: 'uid', title: t('agency.uid'), render: (v: string) => <Link to={`/agency/members?uid=${v}`}>{v}</Link> },
                { dataIndex: 'email', title: t('agency.email') },
                { dataIndex: 'role', title: t('agency.role'), render: (v: string | null) => <RoleTag role={v} /> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('agency.members.team')}>
            <Table
              size="small"
              rowKey="depth"
              pagination={false}
              dataSource={member.team}
              locale={{ emptyText: <Empty description={t('agency.members.teamEmpty')} /> }}
              columns={[
                { dataIndex: 'depth', title: t('agency.members.depth'), render: (v: number) => t('agency.levelN', { level: v }) },
                { dataIndex: 'count', title: t('agency.members.count'), align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('agency.members.invitees')}>
        <Table
          size="small"
          rowKey="uid"
          loading={query.isFetching}
          pagination={false}
          dataSource={member.invitees}
          locale={{ emptyText: <Empty description={t('agency.members.inviteesEmpty')} /> }}
          columns={[
            { dataIndex: 'uid', title: t('agency.uid'), render: (v: string) => <Link to={`/agency/members?uid=${v}`}>{v}</Link> },
            { dataIndex: 'email', title: t('agency.email') },
            { dataIndex: 'role', title: t('agency.role'), render: (v: string | null) => <RoleTag role={v} /> },
            { dataIndex: 'joinedAt', title: t('agency.members.joinedAt'), render: (v: string) => <DateTime value={v} /> },
          ]}
        />
        <Space style={{ marginTop: 12 }}>
          <Button disabled={cursors.length < 2} onClick={() => setCursors((list) => list.slice(0, -1))}>
            {t('ops.common.newer')}
          </Button>
          <Button disabled={!member.nextCursor} onClick={() => setCursors((list) => [...list, member.nextCursor ?? undefined])}>
            {t('ops.common.older')}
          </Button>
        </Space>
      </Card>
      <Card size="small" title={t('agency.members.history')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={member.roleHistory}
          locale={{ emptyText: <Empty description={t('agency.members.historyEmpty')} /> }}
          columns={[
            { dataIndex: 'createdAt', title: t('agency.time'), render: (v: string) => <DateTime value={v} /> },
            { dataIndex: 'roleBefore', title: t('agency.members.before'), render: (v: string | null) => <RoleTag role={v} /> },
            { dataIndex: 'roleAfter', title: t('agency.members.after'), render: (v: string | null) => <RoleTag role={v} /> },
            { dataIndex: 'operator', title: t('agency.operator'), render: (v: string | null) => v ?? '—' },
            {
              dataIndex: 'approvalId',
              title: t('agency.members.approval'),
              render: (v: string | null) => (v ? <Link to={`/approvals/${encodeURIComponent(v)}`}>{v.slice(0, 8)}</Link> : '—'),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

interface RoleValues {
  role: string;
  note: string;
}

function RoleForm({ member, onDone }: { member: AgencyMember; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<RoleValues>
      resource="agency-members"
      action="role"
      type="primary"
      label={t('agency.members.changeRole')}
      title={t('agency.members.changeRoleTitle', { uid: member.uid })}
      url={AGENCY_API.memberRole(member.uid)}
      method="put"
      initialValues={{ role: member.role ?? NO_ROLE }}
      body={({ role, note }) => ({ role: role === NO_ROLE ? null : role, note: note.trim() })}
      successMessage={() => t('agency.members.roleSaved')}
      onDone={onDone}
    >
      {(form) => (
        <>
          <Form.Item name="role" label={t('agency.members.newRole')} rules={[{ required: true, message: t('ops.common.required') }]}>
            <Select
              options={[NO_ROLE, ...AGENCY_ROLES].map((value) => ({
                value,
                label: t(`agency.roles.${value}`),
                disabled: value === (member.role ?? NO_ROLE),
              }))}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {() => {
              const asked = form.getFieldValue('role');
              const fourEyes = asked === 'city_partner' || member.role === 'city_partner';
              return (
                <Alert
                  type={fourEyes ? 'warning' : 'info'}
                  showIcon
                  message={fourEyes ? t('agency.members.cityPartnerWarning') : t('agency.members.roleWarning')}
                  style={{ marginBottom: 16 }}
                />
              );
            }}
          </Form.Item>
          <NoteField />
        </>
      )}
    </FormDialog>
  );
}

interface GrantValues {
  count: number;
  note: string;
}

function GrantForm({ member, onDone }: { member: AgencyMember; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<GrantValues>
      resource="agency-members"
      action="grant"
      label={t('agency.members.grant')}
      title={t('agency.members.grantTitle', { uid: member.uid })}
      url={AGENCY_API.memberTickets(member.uid)}
      idempotent
      warning={member.role ? t('agency.members.grantWarning') : t('agency.members.grantNeedsRole')}
      body={({ count, note }) => ({ count, note: note.trim() })}
      successMessage={(reply) => t('agency.members.granted_ok', { count: (reply as AgencyTicketGrant).count })}
      onDone={onDone}
    >
      {() => (
        <>
          <Form.Item
            name="count"
            label={t('agency.members.grantCount')}
            rules={[{ required: true, type: 'integer', min: 1, max: 10000, message: t('agency.members.grantCountInvalid') }]}
          >
            <InputNumber min={1} max={10000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <NoteField />
        </>
      )}
    </FormDialog>
  );
}
