import { CanAccess, useCustomMutation } from '@refinedev/core';
import { TICKET_LIMITS } from '@wallet/contract';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { OPS_API } from '../api';

/**
 * A reply to the member (POST tickets/:id/messages), shown live in the member app. The operator's
 * reply route takes text only (adminTicketReplyBodySchema has no attachmentIds), so no screenshots.
 */
export function ReplyForm({ ticketId, onSent }: { ticketId: string; onSent: () => void }) {
  return (
    <CanAccess resource="tickets" action="reply">
      <Reply ticketId={ticketId} onSent={onSent} />
    </CanAccess>
  );
}

function Reply({ ticketId, onSent }: { ticketId: string; onSent: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string }>();
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async ({ body }: { body: string }) => {
    setError(null);
    try {
      await mutateAsync({
        url: OPS_API.ticketMessages(ticketId),
        method: 'post',
        values: { body: body.trim() },
        successNotification: false,
        errorNotification: false,
      });
      form.resetFields();
      message.success(t('ops.tickets.replied'));
      onSent();
    } catch (cause) {
      setError(cause);
    }
  };

  return (
    <Card size="small" title={t('ops.tickets.reply')} style={{ marginTop: 16 }}>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="body" rules={[{ required: true, whitespace: true, message: t('ops.common.required') }]}>
          <Input.TextArea rows={4} maxLength={TICKET_LIMITS.messageMax} showCount />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('ops.tickets.replyNote')}</Typography.Paragraph>
        {error ? (
          <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} style={{ marginBottom: 12 }} />
        ) : null}
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('ops.tickets.send')}
        </Button>
      </Form>
    </Card>
  );
}
