import { CanAccess, useCustomMutation, useNavigation } from '@refinedev/core';
import { Alert, App, Button, type ButtonProps, Form, type FormInstance, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalFrom } from '../../components/approval-redirect';
import { errorText } from '../../components/query-error';

export interface FormDialogProps<V> {
  /** Access control: the button is left out when the operator may not do `action` on `resource`. */
  resource: string;
  action: string;
  label: string;
  title: string;
  url: string;
  method?: 'post' | 'put';
  warning?: ReactNode;
  /** The request body from the form's values. */
  body: (values: V) => unknown;
  /** Sends an Idempotency-Key: one per opened form, so a double click or a retry grants once. */
  idempotent?: boolean;
  initialValues?: Partial<V>;
  type?: ButtonProps['type'];
  icon?: ReactNode;
  width?: number;
  successMessage: (reply: unknown) => string;
  onDone?: (reply: unknown) => void;
  children: (form: FormInstance<V>) => ReactNode;
}

/**
 * A form behind a button and a dialog for the agency pages' actions with more than text fields (a
 * role, a count, a start time): the server's refusal is shown in the dialog, and a four-eyes reply
 * (202 `{ approval }`) opens the approval request instead of being reported as done.
 */
export function FormDialog<V extends object>(props: FormDialogProps<V>) {
  return (
    <CanAccess resource={props.resource} action={props.action}>
      <Dialog {...props} />
    </CanAccess>
  );
}

function Dialog<V extends object>({
  label,
  title,
  url,
  method = 'post',
  warning,
  body,
  idempotent,
  initialValues,
  type,
  icon,
  width,
  successMessage,
  onDone,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { show } = useNavigation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [form] = Form.useForm<V>();
  const { mutateAsync, mutation } = useCustomMutation();

  const close = () => {
    setOpen(false);
    setError(null);
    form.resetFields();
  };

  const submit = async (values: V) => {
    setError(null);
    try {
      const reply = await mutateAsync({
        url,
        method,
        values: body(values) as Record<string, unknown>,
        ...(idempotent ? { config: { headers: { 'idempotency-key': key } } } : {}),
        successNotification: false,
        errorNotification: false,
      });
      setKey(crypto.randomUUID());
      close();
      const approval = approvalFrom(reply.data);
      if (approval) {
        message.info(t('ops.common.sentForApproval'));
        show('approvals', approval.id);
        return;
      }
      message.success(successMessage(reply.data));
      onDone?.(reply.data);
    } catch (cause) {
      setError(cause);
    }
  };

  return (
    <>
      <Button type={type} icon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        width={width}
        okText={t('ops.common.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        {warning ? <Alert type="warning" showIcon message={warning} style={{ marginBottom: 16 }} /> : null}
        <Form<V>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark
          initialValues={initialValues}
          // A changed form is another request: it gets a key of its own.
          onValuesChange={() => setKey(crypto.randomUUID())}
        >
          {children(form)}
        </Form>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Modal>
    </>
  );
}

/** The note every agency action keeps with its audit entry: 3 to 500 characters, as the server asks. */
export function NoteField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="note"
      label={t('agency.note')}
      extra={t('agency.noteHelp')}
      rules={[
        { required: true, whitespace: true, message: t('ops.common.required') },
        { min: 3, message: t('ops.common.minLength', { count: 3 }) },
      ]}
    >
      <Input.TextArea rows={2} maxLength={500} showCount />
    </Form.Item>
  );
}
