import { CanAccess, useCustomMutation } from '@refinedev/core';
import { TICKET_LIMITS, type TicketAttachment } from '@wallet/contract';
import { Alert, App, Button, Card, Form, Input, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { apiUpload } from '../../../lib/http';
import { OPS_API } from '../api';

/**
 * A reply to the member (POST tickets/:id/messages), shown live in the member app, with up to four
 * screenshots: each is uploaded first (POST tickets/:id/attachments, checked and audited by the
 * server as a member's are) and the reply names them.
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
  const [files, setFiles] = useState<UploadFile<TicketAttachment>[]>([]);
  const { mutateAsync, mutation } = useCustomMutation();
  const uploading = files.some((file) => file.status === 'uploading');

  const submit = async ({ body }: { body: string }) => {
    setError(null);
    const attachmentIds = files.flatMap((file) => (file.status === 'done' && file.response ? [file.response.id] : []));
    try {
      await mutateAsync({
        url: OPS_API.ticketMessages(ticketId),
        method: 'post',
        values: { body: body.trim(), ...(attachmentIds.length > 0 && { attachmentIds }) },
        successNotification: false,
        errorNotification: false,
      });
      form.resetFields();
      setFiles([]);
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
        <Form.Item label={t('ops.tickets.screenshots', { max: TICKET_LIMITS.attachmentsPerPost })}>
          <Upload<TicketAttachment>
            listType="picture-card"
            accept={TICKET_LIMITS.attachmentTypes.join(',')}
            maxCount={TICKET_LIMITS.attachmentsPerPost}
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList)}
            beforeUpload={(file) => {
              if ((TICKET_LIMITS.attachmentTypes as readonly string[]).includes(file.type) && file.size <= TICKET_LIMITS.attachmentMaxBytes)
                return true;
              message.error(t('ops.tickets.screenshotRefused'));
              return Upload.LIST_IGNORE;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              apiUpload<TicketAttachment>(OPS_API.ticketAttachments(ticketId), file as Blob, (file as File).name).then(
                (attachment) => onSuccess?.(attachment),
                (cause: unknown) => {
                  setError(cause);
                  onError?.(cause as Error);
                },
              );
            }}
          >
            {files.length < TICKET_LIMITS.attachmentsPerPost ? t('ops.tickets.addScreenshot') : null}
          </Upload>
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('ops.tickets.replyNote')}</Typography.Paragraph>
        {error ? (
          <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} style={{ marginBottom: 12 }} />
        ) : null}
        <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={uploading}>
          {t('ops.tickets.send')}
        </Button>
      </Form>
    </Card>
  );
}
