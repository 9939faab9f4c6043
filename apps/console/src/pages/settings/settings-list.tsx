import { List, useTable } from '@refinedev/antd';
import { useCan, useUpdate } from '@refinedev/core';
import { Button, Form, Input, InputNumber, Modal, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/date-time';
import { errorText, QueryError } from '../../components/query-error';
import type { ConsoleSetting } from '../../types/console';

/** A setting's value as text: numbers and money thresholds as the server sent them. */
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The console settings (GET settings): each key's value, default, and who changed it last; an admin
 * changes one with PUT settings/:key (settings.write), which the server validates and audits.
 */
export function SettingsList() {
  const { t } = useTranslation();
  const { tableProps, tableQuery } = useTable<ConsoleSetting>({
    resource: 'settings',
    sorters: { mode: 'off' },
    pagination: { mode: 'off' },
  });
  const { data: canEdit } = useCan({ resource: 'settings', action: 'edit' });
  const [editing, setEditing] = useState<ConsoleSetting | null>(null);
  const name = (key: string) => t(`settings.names.${key.replaceAll('.', '_')}`, { defaultValue: key });

  return (
    <List title={t('settings.title')}>
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table<ConsoleSetting> {...tableProps} rowKey="key" pagination={false} scroll={{ x: 'max-content' }}>
          <Table.Column<ConsoleSetting>
            dataIndex="key"
            title={t('settings.key')}
            render={(key: string) => (
              <>
                <div>{name(key)}</div>
                <Typography.Text type="secondary" code>
                  {key}
                </Typography.Text>
              </>
            )}
          />
          <Table.Column<ConsoleSetting>
            dataIndex="value"
            title={t('settings.value')}
            render={(value) => <Typography.Text strong>{show(value)}</Typography.Text>}
          />
          <Table.Column<ConsoleSetting> dataIndex="default" title={t('settings.default')} render={show} />
          <Table.Column<ConsoleSetting>
            dataIndex="updatedAt"
            title={t('common.updatedAt')}
            render={(value: string | null) => <DateTime value={value} />}
          />
          <Table.Column<ConsoleSetting>
            dataIndex="updatedBy"
            title={t('settings.updatedBy')}
            render={(by: ConsoleSetting['updatedBy']) => (by && typeof by === 'object' ? by.email : (by ?? t('common.none')))}
          />
          {canEdit?.can && (
            <Table.Column<ConsoleSetting>
              key="actions"
              title={t('table.actions')}
              render={(_, setting) => (
                <Button size="small" onClick={() => setEditing(setting)}>
                  {t('settings.edit')}
                </Button>
              )}
            />
          )}
        </Table>
      )}
      {editing && <EditSetting setting={editing} label={name(editing.key)} onClose={() => setEditing(null)} />}
    </List>
  );
}

function EditSetting({ setting, label, onClose }: { setting: ConsoleSetting; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: unknown }>();
  const { mutate, mutation } = useUpdate();
  const [error, setError] = useState<string | null>(null);
  const kind = typeof setting.default;
  return (
    <Modal
      open
      title={t('settings.editTitle', { key: label })}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ loading: mutation.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ value: setting.value }}
        onFinish={({ value }) =>
          mutate(
            {
              resource: 'settings',
              id: setting.key,
              values: { value },
              successNotification: { type: 'success', message: t('settings.saved') },
              errorNotification: false,
            },
            { onSuccess: onClose, onError: (caught) => setError(errorText(caught, t('common.loadFailed'))) },
          )
        }
      >
        <Form.Item
          name="value"
          label={label}
          valuePropName={kind === 'boolean' ? 'checked' : 'value'}
          rules={[{ required: kind !== 'boolean', message: t('signIn.required') }]}
        >
          {kind === 'number' ? <InputNumber style={{ width: 200 }} /> : kind === 'boolean' ? <Switch /> : <Input style={{ width: 280 }} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
