import { CanAccess, useCustomMutation, useNavigation } from '@refinedev/core';
import { Alert, App, Button, type ButtonProps, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalFrom } from '../../../components/approval-redirect';
import { errorText } from '../../../components/query-error';

/** A field the operator fills before the action is sent (a reason, a note, a transaction hash). */
export interface ActionField {
  name: string;
  label: string;
  required?: boolean;
  /** Lengths the server checks (e.g. reasons: 3 to 500), so the form says so before asking. */
  min?: number;
  max?: number;
  multiline?: boolean;
  pattern?: RegExp;
  patternMessage?: string;
  placeholder?: string;
}

export interface ActionButtonProps {
  /** Access control: the button is left out when the operator may not do `action` on `resource`. */
  resource: string;
  action: string;
  label: string;
  title: string;
  url: string;
  method?: 'post' | 'put';
  fields?: ActionField[];
  /** Fixed values sent with the fields. */
  values?: Record<string, unknown>;
  /** Said in the dialog before the operator confirms (what the action does, that it is recorded). */
  warning?: ReactNode;
  danger?: boolean;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
  successMessage: string;
  onDone?: (reply: unknown) => void;
}

/**
 * An operator action behind a confirmation dialog: the fields it needs, the server's refusal shown in
 * the dialog, and a four-eyes reply (202 `{ approval }`) told as such and opened, never reported as done.
 */
export function ActionButton(props: ActionButtonProps) {
  return (
    <CanAccess resource={props.resource} action={props.action}>
      <ActionDialog {...props} />
    </CanAccess>
  );
}

function ActionDialog({
  label,
  title,
  url,
  method = 'post',
  fields = [],
  values,
  warning,
  danger,
  type,
  size,
  icon,
  successMessage,
  onDone,
}: ActionButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { show } = useNavigation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<Record<string, string>>();
  const { mutateAsync, mutation } = useCustomMutation();

  const close = () => {
    setOpen(false);
    setError(null);
    form.resetFields();
  };

  const submit = async (input: Record<string, string | undefined>) => {
    setError(null);
    const body: Record<string, unknown> = { ...values };
    for (const field of fields) {
      const value = input[field.name]?.trim();
      if (value) body[field.name] = value;
    }
    try {
      const reply = await mutateAsync({ url, method, values: body, successNotification: false, errorNotification: false });
      close();
      const approval = approvalFrom(reply.data);
      if (approval) {
        message.info(t('ops.common.sentForApproval'));
        show('approvals', approval.id);
        return;
      }
      message.success(successMessage);
      onDone?.(reply.data);
    } catch (cause) {
      setError(cause);
    }
  };

  return (
    <>
      <Button danger={danger} type={type} size={size} icon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={t('ops.common.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ danger, loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        {warning ? <Alert type="warning" showIcon message={warning} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark>
          {fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              rules={[
                { required: field.required, whitespace: true, message: t('ops.common.required') },
                ...(field.min ? [{ min: field.min, message: t('ops.common.minLength', { count: field.min }) }] : []),
                ...(field.max ? [{ max: field.max, message: t('ops.common.maxLength', { count: field.max }) }] : []),
                ...(field.pattern ? [{ pattern: field.pattern, message: field.patternMessage }] : []),
              ]}
            >
              {field.multiline ? (
                <Input.TextArea rows={3} placeholder={field.placeholder} showCount={Boolean(field.max)} maxLength={field.max} />
              ) : (
                <Input placeholder={field.placeholder} maxLength={field.max} />
              )}
            </Form.Item>
          ))}
        </Form>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Modal>
    </>
  );
}
