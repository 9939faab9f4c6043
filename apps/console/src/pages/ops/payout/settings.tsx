import { useCustomMutation } from '@refinedev/core';
import { Alert, App, Button, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { OPS_API } from '../api';

interface Settings {
  enabled: boolean;
  minimum: string;
  maximum: string;
  dailyLimit: string;
  spread: string;
  feeRate: string;
}

// The server's own patterns (packages/contract adminPayoutSettingsBodySchema): USDT to the cent, shares below 1.
const USDT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
const RATIO = /^0(\.\d{1,6})?$/;

/**
 * The flash exchange settings (PUT payout/settings replaces them all). The server has no admin route
 * that reads them back, so the form starts empty and says so: the operator enters the whole set.
 */
export function PayoutSettingsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async (values: Settings) => {
    setError(null);
    try {
      await mutateAsync({
        url: OPS_API.payoutSettings,
        method: 'put',
        values: { ...values, enabled: Boolean(values.enabled) },
        successNotification: false,
        errorNotification: false,
      });
      message.success(t('ops.payout.settingsSaved'));
    } catch (cause) {
      setError(cause);
    }
  };

  const usdt = [
    { required: true, message: t('ops.common.required') },
    { pattern: USDT, message: t('ops.payout.usdtInvalid') },
  ];
  const ratio = [
    { required: true, message: t('ops.common.required') },
    { pattern: RATIO, message: t('ops.common.ratioInvalid') },
  ];

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ enabled: true }} style={{ maxWidth: 520 }}>
      <Alert type="info" showIcon message={t('ops.payout.settingsNoRead')} style={{ marginBottom: 16 }} />
      <Form.Item name="enabled" label={t('ops.payout.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="minimum" label={t('ops.payout.minimum')} rules={usdt}>
        <Input suffix="USDT" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="maximum" label={t('ops.payout.maximum')} rules={usdt}>
        <Input suffix="USDT" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="dailyLimit" label={t('ops.payout.dailyLimit')} rules={usdt}>
        <Input suffix="USDT" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="spread" label={t('ops.common.spread')} rules={ratio} extra={t('ops.common.ratioHint')}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="feeRate" label={t('ops.common.feeRate')} rules={ratio} extra={t('ops.common.ratioHint')}>
        <Input inputMode="decimal" />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('buttons.save')}
      </Button>
    </Form>
  );
}
