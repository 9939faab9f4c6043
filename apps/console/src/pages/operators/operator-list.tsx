import { List, useTable } from '@refinedev/antd';
import { useCan, useCustomMutation, useGo, useInvalidate } from '@refinedev/core';
import type { OperatorRole } from '@wallet/contract';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../api-paths';
import { approvalFrom } from '../../components/approval-redirect';
import { DateTime } from '../../components/date-time';
import { errorText, QueryError } from '../../components/query-error';
import { RoleSelect } from '../../components/role-select';
import type { Operator } from '../../types/console';

/**
 * The operators (admin): invite one (the single-use enrolment link is shown once), disable or enable,
 * and change roles, which the server holds for a second admin's approval (202) and this page opens.
 */
export function OperatorList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const go = useGo();
  const invalidate = useInvalidate();
  const { tableProps, tableQuery } = useTable<Operator>({ resource: 'operators', sorters: { mode: 'off' } });
  const { data: canWrite } = useCan({ resource: 'operators', action: 'create' });
  const { mutateAsync, mutation } = useCustomMutation();
  const [inviting, setInviting] = useState(false);
  const [rolesOf, setRolesOf] = useState<Operator | null>(null);

  const act = async (url: string, values: Record<string, unknown> = {}) => {
    try {
      const reply = await mutateAsync({
        url,
        method: url.endsWith('/roles') ? 'put' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      });
      const approval = approvalFrom(reply.data);
      if (approval) {
        message.success(t('approvals.created'));
        go({ to: `/approvals/${encodeURIComponent(approval.id)}` });
      } else message.success(t('notifications.success'));
      await invalidate({ resource: 'operators', invalidates: ['list'] });
      return true;
    } catch (error) {
      message.error(errorText(error, t('common.loadFailed')));
      return false;
    }
  };

  return (
    <List
      title={t('operators.title')}
      headerButtons={
        canWrite?.can ? (
          <Button type="primary" onClick={() => setInviting(true)}>
            {t('operators.invite')}
          </Button>
        ) : null
      }
    >
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table<Operator> {...tableProps} rowKey="id" scroll={{ x: 'max-content' }}>
          <Table.Column<Operator> dataIndex="email" title={t('common.email')} />
          <Table.Column<Operator>
            dataIndex="roles"
            title={t('common.roles')}
            render={(roles: OperatorRole[]) => roles.map((role) => <Tag key={role}>{t(`roles.${role}`)}</Tag>)}
          />
          <Table.Column<Operator>
            dataIndex="status"
            title={t('common.status')}
            render={(status: string) => (
              <Tag color={status === 'active' ? 'green' : status === 'disabled' ? 'red' : 'gold'}>
                {t(`operators.status.${status}`, { defaultValue: status })}
              </Tag>
            )}
          />
          <Table.Column<Operator>
            dataIndex="totpEnrolled"
            title={t('operators.totp')}
            render={(enrolled: boolean) => (enrolled ? t('operators.enrolled') : t('operators.notEnrolled'))}
          />
          <Table.Column<Operator>
            dataIndex="lastSignInAt"
            title={t('operators.lastSignIn')}
            render={(value) => <DateTime value={value} />}
          />
          <Table.Column<Operator> dataIndex="createdAt" title={t('common.createdAt')} render={(value) => <DateTime value={value} />} />
          {canWrite?.can && (
            <Table.Column<Operator>
              key="actions"
              title={t('table.actions')}
              render={(_, operator) => (
                <Space>
                  <Button size="small" onClick={() => setRolesOf(operator)}>
                    {t('operators.changeRoles')}
                  </Button>
                  {operator.status === 'disabled' ? (
                    <Button size="small" loading={mutation.isPending} onClick={() => void act(API.operatorEnable(operator.id))}>
                      {t('operators.enable')}
                    </Button>
                  ) : (
                    <Popconfirm
                      title={t('operators.disableConfirm', { email: operator.email })}
                      okText={t('operators.disable')}
                      cancelText={t('buttons.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => act(API.operatorDisable(operator.id))}
                    >
                      <Button size="small" danger>
                        {t('operators.disable')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              )}
            />
          )}
        </Table>
      )}
      {inviting && <InviteOperator onClose={() => setInviting(false)} />}
      {rolesOf && (
        <Modal
          open
          title={t('operators.rolesTitle', { email: rolesOf.email })}
          footer={null}
          onCancel={() => setRolesOf(null)}
          destroyOnHidden
        >
          <Typography.Paragraph type="secondary">{t('operators.rolesHelp')}</Typography.Paragraph>
          <Form
            layout="vertical"
            initialValues={{ roles: rolesOf.roles }}
            onFinish={async ({ roles }: { roles: OperatorRole[] }) => {
              if (await act(API.operatorRoles(rolesOf.id), { roles })) setRolesOf(null);
            }}
          >
            <Form.Item name="roles" rules={[{ required: true, type: 'array', min: 1, message: t('operators.rolesRequired') }]}>
              <RoleSelect />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('buttons.save')}
            </Button>
          </Form>
        </Modal>
      )}
    </List>
  );
}

function InviteOperator({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<{ operator: Operator; enrolUrl: string }>();
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<{ email: string; enrolUrl: string } | null>(null);
  return (
    <Modal open title={t('operators.inviteTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      {invited ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            message={t('operators.invited')}
            description={t('operators.enrolLink', { email: invited.email })}
          />
          <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
            {invited.enrolUrl}
          </Typography.Paragraph>
          <Button type="primary" onClick={onClose}>
            {t('common.done')}
          </Button>
        </Space>
      ) : (
        <Form
          layout="vertical"
          onFinish={async (values: { email: string; roles: OperatorRole[] }) => {
            setError(null);
            try {
              const reply = await mutateAsync({
                url: API.operators,
                method: 'post',
                values: { email: values.email.trim(), roles: values.roles },
                successNotification: false,
                errorNotification: false,
              });
              setInvited({ email: reply.data.operator.email, enrolUrl: reply.data.enrolUrl });
              await invalidate({ resource: 'operators', invalidates: ['list'] });
            } catch (caught) {
              setError(errorText(caught, t('common.loadFailed')));
            }
          }}
        >
          {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
          <Form.Item name="email" label={t('common.email')} rules={[{ required: true, type: 'email', message: t('signIn.required') }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="roles"
            label={t('common.roles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('operators.rolesRequired') }]}
          >
            <RoleSelect />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('operators.invite')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
