import { PlusOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { CARD_CURRENCIES, CARD_TYPES, type CardProduct } from '@wallet/contract';
import { Alert, App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/query-error';
import { OPS_API } from '../api';
import { EDIT_LANGUAGES } from '../shared/languages';

// The server's patterns (packages/contract adminCardProductBodySchema): decimal strings, a share below 1.
const AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,18})?$/;
const RATIO = /^0(\.\d{1,6})?$/;

type Values = Omit<CardProduct, 'id' | 'network' | 'name'> & { name: string };

/** Adds a card product (POST card-products) or changes one (PUT card-products/:id): fees apply to later openings. */
export function ProductForm({ product, onDone }: { product?: CardProduct; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async (values: Values) => {
    setError(null);
    const names = Object.fromEntries(Object.entries(values.names ?? {}).filter(([, name]) => typeof name === 'string' && name.trim()));
    try {
      await mutateAsync({
        url: product ? OPS_API.cardProduct(product.id) : OPS_API.cardProducts,
        method: product ? 'put' : 'post',
        values: { ...values, name: values.name.trim(), names, enabled: Boolean(values.enabled) },
        successNotification: false,
        errorNotification: false,
      });
      setOpen(false);
      message.success(t('ops.cardProducts.saved'));
      onDone();
    } catch (cause) {
      setError(cause);
    }
  };
  const amount = [
    { required: true, message: t('ops.common.required') },
    { pattern: AMOUNT, message: t('ops.common.amountInvalid') },
  ];

  return (
    <>
      {product ? (
        <Button size="small" onClick={() => setOpen(true)}>
          {t('buttons.edit')}
        </Button>
      ) : (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('ops.cardProducts.add')}
        </Button>
      )}
      <Modal
        open={open}
        width={720}
        title={product ? t('ops.cardProducts.editTitle', { name: product.name }) : t('ops.cardProducts.add')}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        destroyOnHidden
      >
        {product ? <Alert type="info" showIcon message={t('ops.cardProducts.laterOnly')} style={{ marginBottom: 16 }} /> : null}
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={product ?? { level: 0, type: 'virtual', currency: 'USD', enabled: false, names: {} }}
          onFinish={submit}
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="name" label={t('ops.cardProducts.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="level" label={t('ops.cardProducts.level')} rules={[{ required: true }]}>
                <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {EDIT_LANGUAGES.map((language) => (
              <Col span={6} key={language}>
                <Form.Item name={['names', language]} label={t('ops.cardProducts.nameIn', { language: t(`ops.languages.${language}`) })}>
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
            ))}
            <Col span={8}>
              <Form.Item name="type" label={t('ops.cards.type')} rules={[{ required: true }]}>
                <Select options={CARD_TYPES.map((type) => ({ value: type, label: t(`ops.cards.types.${type}`) }))} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="currency" label={t('ops.common.currency')} rules={[{ required: true }]}>
                <Select options={CARD_CURRENCIES.map((currency) => ({ value: currency, label: currency }))} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="enabled" label={t('ops.cardProducts.offered')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="openingFee" label={t('ops.cardProducts.openingFee')} rules={amount}>
                <Input suffix="USDT" inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="monthlyFee" label={t('ops.cardProducts.monthlyFee')} rules={amount}>
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="rechargeFeeRate"
                label={t('ops.cardProducts.rechargeFeeRate')}
                rules={[
                  { required: true, message: t('ops.common.required') },
                  { pattern: RATIO, message: t('ops.common.ratioInvalid') },
                ]}
                extra={t('ops.common.ratioHint')}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Modal>
    </>
  );
}
