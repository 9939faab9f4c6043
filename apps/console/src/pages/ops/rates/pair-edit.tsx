import { CanAccess, useCustomMutation } from '@refinedev/core';
import { Alert, App, Button, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { OPS_API } from '../api';
import type { RatesReply } from '../types';

type Pair = RatesReply['pairs'][number];
const RATIO = /^0(\.\d{1,6})?$/;

/** A pair's spread, fee and switch (PUT pairs/:from/:to), confirmed in a dialog; rates.write only. */
export function PairEdit({ pair, onDone }: { pair: Pair; onDone: () => void }) {
  return (
    <CanAccess resource="rates" action="edit">
      <PairDialog pair={pair} onDone={onDone} />
    </CanAccess>
  );
}

function PairDialog({ pair, onDone }: { pair: Pair; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<{ spread: string; feeRate: string; enabled: boolean }>();
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async (values: { spread: string; feeRate: string; enabled: boolean }) => {
    setError(null);
    try {
      await mutateAsync({
        url: OPS_API.pair(pair.from, pair.to),
        method: 'put',
        values: { spread: values.spread.trim(), feeRate: values.feeRate.trim(), enabled: values.enabled },
        successNotification: false,
        errorNotification: false,
      });
      setOpen(false);
      message.success(t('ops.rates.saved'));
      onDone();
    } catch (cause) {
      setError(cause);
    }
  };
  const ratio = [
    { required: true, message: t('ops.common.required') },
    { pattern: RATIO, message: t('ops.common.ratioInvalid') },
  ];

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('buttons.edit')}
      </Button>
      <Modal
        open={open}
        title={t('ops.rates.editPair', { pair: `${pair.from} → ${pair.to}` })}
        okText={t('ops.common.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={t('ops.rates.pairWarning')} style={{ marginBottom: 16 }} />
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ spread: pair.spread, feeRate: pair.feeRate, enabled: pair.enabled }}
          onFinish={submit}
        >
          <Form.Item name="spread" label={t('ops.common.spread')} rules={ratio} extra={t('ops.common.ratioHint')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="feeRate" label={t('ops.common.feeRate')} rules={ratio} extra={t('ops.common.ratioHint')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="enabled" label={t('ops.rates.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Modal>
    </>
  );
}
