import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../api-paths';
import { DateTime } from '../../components/date-time';
import { errorText, QueryError } from '../../components/query-error';
import { RecoveryCodes } from '../../components/recovery-codes';
import type { OperatorSession, Passkey } from '../../types/console';

/** The signed-in operator's own security: sessions, passkeys and recovery codes (GET/POST/DELETE me/*). */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('account.title')}
      </Typography.Title>
      <Sessions />
      <Passkeys />
      <Recovery />
    </Space>
  );
}

/** A DELETE or POST on the operator's own things, then the list read again; failures shown as the server said them. */
function useAccountAction(refetch: () => unknown) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { mutateAsync, mutation } = useCustomMutation();
  const run = async (url: string, method: 'post' | 'delete', values: Record<string, unknown> = {}) => {
    try {
      const reply = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      await refetch();
      return reply.data;
    } catch (error) {
      message.error(errorText(error, t('common.loadFailed')));
      return null;
    }
  };
  return { run, pending: mutation.isPending };
}

function Sessions() {
  const { t } = useTranslation();
  const { query } = useCustom<{ items: OperatorSession[] }>({ url: API.me.sessions, method: 'get' });
  const { run, pending } = useAccountAction(query.refetch);
  return (
    <Card title={t('account.sessions')} size="small">
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<OperatorSession>
          dataSource={query.data?.data.items}
          loading={query.isLoading}
          rowKey="id"
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
        >
          <Table.Column<OperatorSession>
            dataIndex="device"
            title={t('account.device')}
            render={(device: string | null, session) => (
              <Space>
                <Typography.Text style={{ maxWidth: 420 }} ellipsis={{ tooltip: device }}>
                  {device ?? t('common.none')}
                </Typography.Text>
                {session.current && <Tag color="blue">{t('account.current')}</Tag>}
              </Space>
            )}
          />
          <Table.Column<OperatorSession> dataIndex="ip" title={t('account.ip')} render={(ip: string | null) => ip ?? t('common.none')} />
          <Table.Column<OperatorSession>
            dataIndex="createdAt"
            title={t('common.createdAt')}
            render={(value) => <DateTime value={value} />}
          />
          <Table.Column<OperatorSession>
            dataIndex="lastUsedAt"
            title={t('account.lastUsed')}
            render={(value) => <DateTime value={value} />}
          />
          <Table.Column<OperatorSession>
            key="actions"
            title={t('table.actions')}
            render={(_, session) =>
              session.current ? null : (
                <Popconfirm
                  title={t('account.revokeConfirm')}
                  okText={t('account.revoke')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => run(API.me.session(session.id), 'delete')}
                >
                  <Button size="small" danger loading={pending}>
                    {t('account.revoke')}
                  </Button>
                </Popconfirm>
              )
            }
          />
        </Table>
      )}
    </Card>
  );
}

function Passkeys() {
  const { t } = useTranslation();
  const { query } = useCustom<{ items: Passkey[] }>({ url: API.me.passkeys, method: 'get' });
  const { run, pending } = useAccountAction(query.refetch);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={t('account.passkeys')}
      size="small"
      extra={
        <Button size="small" type="primary" onClick={() => setAdding(true)}>
          {t('account.addPasskey')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('account.passkeysHelp')}</Typography.Paragraph>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Passkey> dataSource={query.data?.data.items} loading={query.isLoading} rowKey="id" pagination={false} size="small">
          <Table.Column<Passkey> dataIndex="label" title={t('account.passkeyLabel')} />
          <Table.Column<Passkey> dataIndex="createdAt" title={t('common.createdAt')} render={(value) => <DateTime value={value} />} />
          <Table.Column<Passkey> dataIndex="lastUsedAt" title={t('account.lastUsed')} render={(value) => <DateTime value={value} />} />
          <Table.Column<Passkey>
            key="actions"
            title={t('table.actions')}
            render={(_, passkey) => (
              <Popconfirm
                title={t('account.removeConfirm', { label: passkey.label })}
                okText={t('account.removePasskey')}
                cancelText={t('buttons.cancel')}
                onConfirm={() => run(API.me.passkey(passkey.id), 'delete')}
              >
                <Button size="small" danger loading={pending}>
                  {t('account.removePasskey')}
                </Button>
              </Popconfirm>
            )}
          />
        </Table>
      )}
      {adding && <AddPasskey onClose={() => setAdding(false)} onAdded={() => void query.refetch()} />}
    </Card>
  );
}

function AddPasskey({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { mutateAsync } = useCustomMutation<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async ({ label }: { label: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await mutateAsync({
        url: API.me.passkeyOptions,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      const optionsJSON = (options.data.options ?? options.data) as Parameters<typeof startRegistration>[0]['optionsJSON'];
      const response = await startRegistration({ optionsJSON });
      await mutateAsync({
        url: API.me.passkeys,
        method: 'post',
        values: { label: label.trim(), response },
        successNotification: false,
        errorNotification: false,
      });
      onAdded();
      onClose();
    } catch (caught) {
      setError(errorText(caught, t('account.passkeyFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('account.addPasskey')} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
      <Form layout="vertical" onFinish={add}>
        <Form.Item
          name="label"
          label={t('account.passkeyLabel')}
          extra={t('account.passkeyLabelHelp')}
          rules={[{ required: true, whitespace: true, message: t('signIn.required') }]}
        >
          <Input maxLength={60} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.addPasskey')}
        </Button>
      </Form>
    </Modal>
  );
}

function Recovery() {
  const { t } = useTranslation();
  const { run, pending } = useAccountAction(() => undefined);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card title={t('account.recovery')} size="small">
      <Typography.Paragraph type="secondary">{t('account.recoveryHelp')}</Typography.Paragraph>
      <Popconfirm
        title={t('account.regenerateConfirm')}
        okText={t('account.regenerate')}
        cancelText={t('buttons.cancel')}
        onConfirm={async () => {
          const reply = (await run(API.me.recoveryCodes, 'post')) as { recoveryCodes?: string[] } | null;
          if (reply?.recoveryCodes) setCodes(reply.recoveryCodes);
        }}
      >
        <Button loading={pending}>{t('account.regenerate')}</Button>
      </Popconfirm>
      <Modal open={codes !== null} title={t('signIn.recoveryTitle')} footer={null} closable={false} maskClosable={false} destroyOnHidden>
        {codes && <RecoveryCodes codes={codes} doneLabel={t('common.done')} onDone={() => setCodes(null)} />}
      </Modal>
    </Card>
  );
}
