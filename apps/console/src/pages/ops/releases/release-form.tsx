import { PlusOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import type { AdminAppReleaseListReply } from '@wallet/contract';
import { Alert, App, Button, Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { OPS_API } from '../api';
import { EDIT_LANGUAGES } from '../shared/languages';

type Release = AdminAppReleaseListReply['releases'][number];

// The server's patterns (packages/contract app-release): "1.50"; HTTPS or a path on this server; SHA-256 hex.
const VERSION = /^\d{1,4}(\.\d{1,4}){1,3}$/;
const DOWNLOAD_URL = /^(https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?|(?=\/[^/]))(\/[^\s\\]*)?$/i;
const SHA256 = /^[0-9a-fA-F]{64}$/;

interface Values {
  version: string;
  minimumVersion?: string;
  notes: Partial<Record<string, string>>;
  hasAndroid: boolean;
  android?: { url: string; sha256: string; size: number };
}

/** Publishes a version (PUT app/releases/:version; the same version again replaces it). */
export function ReleaseForm({ release, onDone }: { release?: Release; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<Values>();
  const hasAndroid = Form.useWatch('hasAndroid', form);
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async (values: Values) => {
    setError(null);
    const notes = Object.fromEntries(Object.entries(values.notes ?? {}).filter(([, text]) => text?.trim()));
    try {
      await mutateAsync({
        url: OPS_API.release(values.version.trim()),
        method: 'put',
        values: {
          minimumVersion: values.minimumVersion?.trim() || null,
          notes,
          android:
            values.hasAndroid && values.android
              ? { url: values.android.url.trim(), sha256: values.android.sha256.trim().toLowerCase(), size: values.android.size }
              : null,
        },
        successNotification: false,
        errorNotification: false,
      });
      setOpen(false);
      message.success(t('ops.releases.published'));
      onDone();
    } catch (cause) {
      setError(cause);
    }
  };
  const initial: Partial<Values> = release
    ? {
        version: release.version,
        minimumVersion: release.minimumVersion ?? undefined,
        notes: release.notes,
        hasAndroid: release.android !== null,
        android: release.android ?? undefined,
      }
    : { notes: {}, hasAndroid: false };

  return (
    <>
      {release ? (
        <Button size="small" onClick={() => setOpen(true)}>
          {t('ops.releases.republish')}
        </Button>
      ) : (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('ops.releases.publish')}
        </Button>
      )}
      <Modal
        open={open}
        width={760}
        title={release ? t('ops.releases.republishTitle', { version: release.version }) : t('ops.releases.publish')}
        okText={t('ops.releases.publishAction')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={t('ops.releases.warning')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" preserve={false} initialValues={initial} onFinish={submit}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="version"
                label={t('ops.releases.version')}
                rules={[
                  { required: true, message: t('ops.common.required') },
                  { pattern: VERSION, message: t('ops.releases.versionInvalid') },
                ]}
              >
                <Input placeholder="1.50" disabled={Boolean(release)} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="minimumVersion"
                label={t('ops.releases.minimumVersion')}
                tooltip={t('ops.releases.minimumHint')}
                rules={[{ pattern: VERSION, message: t('ops.releases.versionInvalid') }]}
              >
                <Input placeholder="1.40" />
              </Form.Item>
            </Col>
            {EDIT_LANGUAGES.map((language) => (
              <Col span={12} key={language}>
                <Form.Item name={['notes', language]} label={t('ops.releases.notesIn', { language: t(`ops.languages.${language}`) })}>
                  <Input.TextArea rows={3} maxLength={4000} />
                </Form.Item>
              </Col>
            ))}
            <Col span={24}>
              <Form.Item name="hasAndroid" label={t('ops.releases.android')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            {hasAndroid ? (
              <>
                <Col span={24}>
                  <Form.Item
                    name={['android', 'url']}
                    label={t('ops.releases.url')}
                    rules={[
                      { required: true, message: t('ops.common.required') },
                      { pattern: DOWNLOAD_URL, message: t('ops.releases.urlInvalid') },
                    ]}
                  >
                    <Input placeholder="https://downloads.example.com/sbc-wallet-1.50.apk" />
                  </Form.Item>
                </Col>
                <Col span={16}>
                  <Form.Item
                    name={['android', 'sha256']}
                    label={t('ops.releases.sha256')}
                    rules={[
                      { required: true, message: t('ops.common.required') },
                      { pattern: SHA256, message: t('ops.releases.sha256Invalid') },
                    ]}
                  >
                    <Input style={{ fontFamily: 'monospace' }} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={['android', 'size']}
                    label={t('ops.releases.size')}
                    rules={[{ required: true, message: t('ops.common.required') }]}
                  >
                    <InputNumber min={1} max={2 * 1024 ** 3} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
        </Form>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Modal>
    </>
  );
}
