import { List, useTable } from '@refinedev/antd';
import { useCan, useCustomMutation, useDelete, useInvalidate } from '@refinedev/core';
import type { OperatorRole } from '@wallet/contract';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../api-paths';
import { DateTime } from '../../components/date-time';
import { errorText, QueryError } from '../../components/query-error';
import { RoleSelect } from '../../components/role-select';
import type { ApiKey } from '../../types/console';

/**
 * Operator API keys for automation (admin): created for some roles and shown once (the server keeps
 * only a hash), revoked with DELETE. Each use is audited by the server.
 */
export function ApiKeyList() {
  const { t } = useTranslation();
  const { tableProps, tableQuery } = useTable<ApiKey>({ resource: 'api-keys', sorters: { mode: 'off' } });
  const { data: canWrite } = useCan({ resource: 'api-keys', action: 'create' });
  const { mutate: revoke, mutation: revoking } = useDelete();
  const [creating, setCreating] = useState(false);

  return (
    <List
      title={t('apiKeys.title')}
      headerButtons={
        canWrite?.can ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('apiKeys.create')}
          </Button>
        ) : null
      }
    >
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table<ApiKey> {...tableProps} rowKey="id" scroll={{ x: 'max-content' }}>
          <Table.Column<ApiKey> dataIndex="name" title={t('apiKeys.name')} />
          <Table.Column<ApiKey>
            dataIndex="prefix"
            title={t('apiKeys.prefix')}
            render={(prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>}
          />
          <Table.Column<ApiKey>
            dataIndex="roles"
            title={t('common.roles')}
            render={(roles: OperatorRole[]) => roles.map((role) => <Tag key={role}>{t(`roles.${role}`)}</Tag>)}
          />
          <Table.Column<ApiKey>
            dataIndex="createdBy"
            title={t('apiKeys.createdBy')}
            render={(by: ApiKey['createdBy']) => (by && typeof by === 'object' ? by.email : (by ?? t('common.none')))}
          />
          <Table.Column<ApiKey> dataIndex="createdAt" title={t('common.createdAt')} render={(value) => <DateTime value={value} />} />
          <Table.Column<ApiKey> dataIndex="lastUsedAt" title={t('apiKeys.lastUsed')} render={(value) => <DateTime value={value} />} />
          <Table.Column<ApiKey>
            dataIndex="revokedAt"
            title={t('common.status')}
            render={(revokedAt: string | null) =>
              revokedAt ? (
                <Space size={4}>
                  <Tag color="red">{t('apiKeys.revoked')}</Tag>
                  <DateTime value={revokedAt} />
                </Space>
              ) : (
                <Tag color="green">{t('apiKeys.active')}</Tag>
              )
            }
          />
          {canWrite?.can && (
            <Table.Column<ApiKey>
              key="actions"
              title={t('table.actions')}
              render={(_, key) =>
                key.revokedAt ? null : (
                  <Popconfirm
                    title={t('apiKeys.revokeConfirm', { name: key.name })}
                    okText={t('apiKeys.revoke')}
                    cancelText={t('buttons.cancel')}
                    okButtonProps={{ danger: true, loading: revoking.isPending }}
                    onConfirm={() =>
                      revoke({
                        resource: 'api-keys',
                        id: key.id,
                        successNotification: { type: 'success', message: t('notifications.success') },
                      })
                    }
                  >
                    <Button size="small" danger>
                      {t('apiKeys.revoke')}
                    </Button>
                  </Popconfirm>
                )
              }
            />
          )}
        </Table>
      )}
      {creating && <CreateApiKey onClose={() => setCreating(false)} />}
    </List>
  );
}

function CreateApiKey({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<{ apiKey: ApiKey; key: string }>();
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  return (
    <Modal open title={t('apiKeys.createTitle')} footer={null} onCancel={onClose} destroyOnHidden maskClosable={!key}>
      {key ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('apiKeys.keyOnce')} />
          <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
            {key}
          </Typography.Paragraph>
          <Button type="primary" onClick={onClose}>
            {t('common.done')}
          </Button>
        </Space>
      ) : (
        <Form
          layout="vertical"
          onFinish={async (values: { name: string; roles: OperatorRole[] }) => {
            setError(null);
            try {
              const reply = await mutateAsync({
                url: API.apiKeys,
                method: 'post',
                values: { name: values.name.trim(), roles: values.roles },
                successNotification: false,
                errorNotification: false,
              });
              setKey(reply.data.key);
              await invalidate({ resource: 'api-keys', invalidates: ['list'] });
            } catch (caught) {
              setError(errorText(caught, t('common.loadFailed')));
            }
          }}
        >
          {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
          <Form.Item
            name="name"
            label={t('apiKeys.name')}
            extra={t('apiKeys.nameHelp')}
            rules={[{ required: true, whitespace: true, message: t('signIn.required') }]}
          >
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="roles"
            label={t('common.roles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('operators.rolesRequired') }]}
          >
            <RoleSelect />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('apiKeys.create')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
