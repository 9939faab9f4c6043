import { type ErrorCode, TICKET_LIMITS, type Ticket, ticketCreateBodySchema } from '@wallet/contract';
import { Form, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form-footer';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateTicket } from '../api/tickets';
import { ScreenshotPicker } from './screenshot-picker';
import styles from './tickets.module.css';
import { TypeChoice } from './type-choice';
import { useScreenshots } from './use-screenshots';

/** Refusals that belong next to a field; the others (open-ticket limit, a screenshot gone) show above the button. */
const FIELD_ERRORS = {
  TICKET_TYPE_INVALID: 'type',
  TICKET_DESCRIPTION_LENGTH: 'description',
  TICKET_REFERENCE_INVALID: 'reference',
} as const satisfies Partial<Record<ErrorCode, string>>;

/**
 * A new ticket: its type, a description with a counter, an optional order or record number, and up to
 * four screenshots compressed and uploaded as they are picked. Checked with the contract's schema;
 * sent with an Idempotency-Key per attempt, so a retry after a lost reply opens one ticket.
 */
export function TicketForm({ onCreated }: { onCreated: (ticket: Ticket) => void }) {
  const { t } = useTranslation();
  const create = useCreateTicket();
  const shots = useScreenshots();
  const keys = useAttemptKeys();
  const f = useApiForm(ticketCreateBodySchema, { fieldOf: FIELD_ERRORS });
  const [uploadIssue, setUploadIssue] = useState<string | null>(null);

  const onFinish = (values: Record<string, unknown>) => {
    setUploadIssue(null);
    const body = f.check({ ...textValues(values, ['description', 'reference']), type: values.type, attachmentIds: shots.ids });
    if (body === null) return;
    if (shots.busy) return setUploadIssue(t('tickets.form.waitUploads'));
    if (shots.failed) return setUploadIssue(t('tickets.form.fixUploads'));
    const request = { ...body, reference: body.reference || undefined };
    create.mutate(
      { ...request, idempotencyKey: keys.keyFor(JSON.stringify(request)) },
      { onSuccess: keys.done(onCreated), onError: f.showError },
    );
  };

  return (
    <Form
      name="ticket"
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
            <p className={styles.uploadIssue} role="alert" data-testid="ticket-upload-issue">
              {uploadIssue}
            </p>
          )}
          <FormFooter failure={f.failure} submitLabel={t('tickets.form.submit')} loading={create.isPending} submitTestId="ticket-submit" />
        </>
      }
    >
      <Form.Item name="type" label={t('tickets.form.type')} data-testid="ticket-type">
        <TypeChoice />
      </Form.Item>
      <Form.Item name="description" label={t('tickets.form.description')} data-testid="ticket-description">
        <TextArea
          placeholder={t('tickets.form.descriptionPlaceholder')}
          rows={5}
          autoSize={{ minRows: 5, maxRows: 12 }}
          maxLength={TICKET_LIMITS.descriptionMax}
          showCount
        />
      </Form.Item>
      <Form.Item name="reference" label={t('tickets.form.reference')} data-testid="ticket-reference">
        <Input placeholder={t('tickets.form.referencePlaceholder')} maxLength={TICKET_LIMITS.referenceMax} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('tickets.form.screenshots')}
        description={t('tickets.form.screenshotsHint', { max: TICKET_LIMITS.attachmentsPerPost })}
      >
        <ScreenshotPicker shots={shots} />
      </Form.Item>
    </Form>
  );
}
