import { useCustomMutation, useGo } from '@refinedev/core';
import { CURRENCY_CODES } from '@wallet/contract';
import { Alert, App, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../api-paths';
import { approvalFrom } from '../../components/approval-redirect';
import { errorText } from '../../components/query-error';

/** As the API takes it (adminAdjustBodySchema): signed, up to 15 whole digits and 18 decimals, never zero. */
const SIGNED_AMOUNT = /^-?(0|[1-9]\d{0,14})(\.\d{1,18})?$/;
const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);

interface AdjustmentForm {
  uid: string;
  currency: string;
  amount: string;
  reason: string;
}

/**
 * A balance adjustment: the server holds it for four eyes and answers 202 with the approval request,
 * which the operator is taken to. One Idempotency-Key per filled-in form: a double click or a retry
 * after a lost reply makes one request, and a new key is drawn after each success.
 */
export function AdjustmentPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const go = useGo();
  const [form] = Form.useForm<AdjustmentForm>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const { mutateAsync, mutation } = useCustomMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ uid, currency, amount, reason }: AdjustmentForm) => {
    setError(null);
    try {
      const reply = await mutateAsync({
        url: API.adjustments(uid.trim()),
        method: 'post',
        values: { currency, amount: amount.trim(), reason: reason.trim() },
        config: { headers: { 'idempotency-key': idempotencyKey } },
        successNotification: false,
        errorNotification: false,
      });
      setIdempotencyKey(crypto.randomUUID());
      form.resetFields();
      const approval = approvalFrom(reply.data);
      if (approval) {
        message.success(t('approvals.created'));
        go({ to: `/approvals/${encodeURIComponent(approval.id)}` });
      } else {
        message.success(t('notifications.success'));
      }
    } catch (caught) {
      setError(errorText(caught, t('common.loadFailed')));
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('adjustments.title')}
        </Typography.Title>
      }
      style={{ maxWidth: 720 }}
    >
      <Typography.Paragraph type="secondary">{t('adjustments.help')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
      <Form<AdjustmentForm>
        form={form}
        layout="vertical"
        initialValues={{ currency: 'USDT' }}
        onFinish={submit}
        // A changed form is another request: it gets a key of its own.
        onValuesChange={() => setIdempotencyKey(crypto.randomUUID())}
      >
        <Form.Item
          name="uid"
          label={t('adjustments.memberUid')}
          rules={[{ required: true, whitespace: true, message: t('signIn.required') }]}
        >
          <Input autoComplete="off" style={{ maxWidth: 280 }} />
        </Form.Item>
        <Form.Item name="currency" label={t('adjustments.currency')} rules={[{ required: true, message: t('signIn.required') }]}>
          <Select style={{ maxWidth: 200 }} options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))} showSearch />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adjustments.amount')}
          extra={t('adjustments.amountHelp')}
          rules={[
            {
              required: true,
              validator: (_, value: string | undefined) =>
                value && SIGNED_AMOUNT.test(value.trim()) && !isZero(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('adjustments.amountInvalid'))),
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" style={{ maxWidth: 280 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adjustments.reason')}
          extra={t('adjustments.reasonHelp')}
          rules={[{ required: true, whitespace: true, min: 3, message: t('adjustments.reasonHelp') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('adjustments.submit')}
        </Button>
      </Form>
    </Card>
  );
}
