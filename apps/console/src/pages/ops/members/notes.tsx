import { CanAccess, useCustomMutation } from '@refinedev/core';
import { Alert, App, Button, Empty, Form, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time';
import { errorText } from '../../../components/query-error';
import { OPS_API } from '../api';
import type { MemberNote } from '../types';

/** Operators' notes on the member, newest as the server orders them, and a new one (members.note). */
export function MemberNotes({ uid, notes, onAdded }: { uid: string; notes: MemberNote[]; onAdded: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <CanAccess resource="members" action="note">
        <AddNote uid={uid} onAdded={onAdded} />
      </CanAccess>
      {notes.length === 0 ? (
        <Empty description={t('ops.members.noNotes')} />
      ) : (
        <List
          dataSource={notes}
          rowKey="id"
          renderItem={(note) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Typography.Text type="secondary">
                    {note.operator.email} · {formatDateTime(note.createdAt)}
                  </Typography.Text>
                }
                description={<Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{note.body}</Typography.Paragraph>}
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}

function AddNote({ uid, onAdded }: { uid: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string }>();
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async ({ body }: { body: string }) => {
    setError(null);
    try {
      await mutateAsync({
        url: OPS_API.memberNotes(uid),
        method: 'post',
        values: { body: body.trim() },
        successNotification: false,
        errorNotification: false,
      });
      form.resetFields();
      message.success(t('ops.members.noteAdded'));
      onAdded();
    } catch (cause) {
      setError(cause);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ marginBottom: 16 }}>
      <Form.Item
        name="body"
        label={t('ops.members.addNote')}
        rules={[{ required: true, whitespace: true, message: t('ops.common.required') }]}
      >
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('ops.members.saveNote')}
      </Button>
    </Form>
  );
}
