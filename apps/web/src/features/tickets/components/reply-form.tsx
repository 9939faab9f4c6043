import { LIMITS, TICKET_LIMITS, type Ticket, ticketReplyBodySchema } from '@wallet/contract';
import { Button, Form, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form-failure';
import { textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useReplyToTicket } from '../api/tickets';
import { ScreenshotPicker } from './screenshot-picker';
import styles from './tickets.module.css';
import { useScreenshots } from './use-screenshots';

/** The member's reply while the ticket is processing: text and up to four screenshots. */
export function ReplyForm({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const reply = useReplyToTicket(ticket.id);
  const shots = useScreenshots();
  const f = useApiForm(ticketReplyBodySchema, { fieldOf: { TICKET_MESSAGE_LENGTH: 'body' } });
  const [uploadIssue, setUploadIssue] = useState<string | null>(null);

  const onFinish = (values: Record<string, unknown>) => {
    setUploadIssue(null);
    const body = f.check({ ...textValues(values, ['body']), attachmentIds: shots.ids });
    if (body === null) return;
    if (shots.busy) return setUploadIssue(t('tickets.form.waitUploads'));
    if (shots.failed) return setUploadIssue(t('tickets.form.fixUploads'));
    reply.mutate(body, {
      onSuccess: () => {
        f.form.resetFields();
        shots.clear();
        Toast.show({ content: t('tickets.detail.sent'), duration: LIMITS.client.toastDurationMs });
      },
      onError: f.showError,
    });
  };

  return (
    <Form
      name="ticket-reply"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      onValuesChange={(changed) => {
        f.onValuesChange(changed);
        setUploadIssue(null);
      }}
      footer={
        <>
          {uploadIssue && (
            <p className={styles.uploadIssue} role="alert">
              {uploadIssue}
            </p>
          )}
          <FormFailure error={f.failure} />
          <Button block type="submit" color="primary" loading={reply.isPending} data-testid="ticket-reply-submit">
            {t('tickets.detail.send')}
          </Button>
        </>
      }
    >
      <Form.Item name="body" label={t('tickets.detail.reply')} data-testid="ticket-reply">
        <TextArea
          placeholder={t('tickets.detail.replyPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={TICKET_LIMITS.messageMax}
          showCount
        />
      </Form.Item>
      <Form.Item>
        <ScreenshotPicker shots={shots} testId="ticket-reply-screenshots" />
      </Form.Item>
    </Form>
  );
}
