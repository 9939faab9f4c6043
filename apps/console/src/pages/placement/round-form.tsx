import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Create, Edit } from '@refinedev/antd';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { type ConsoleRound, type ConsoleRoundBody, Decimal, totalOf } from '@wallet/contract';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, Row, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { groupDigits } from '../../components/money';
import { errorText, QueryError } from '../../components/query-error';
import { EDIT_LANGUAGES } from '../ops/shared/languages';
import { PLACEMENT_API } from './api';
import { roundName } from './round-status';

/** As the server takes them: whole units, and prices above 0 with at most 6 decimals (USDT's precision). */
const UNITS = /^[1-9]\d{0,11}$/;
const PRICE = /^(0|[1-9]\d{0,11})(\.\d{1,6})?$/;

type Translated = Record<(typeof EDIT_LANGUAGES)[number], string>;
interface RoundValues {
  name: Translated;
  rules: Translated;
  tiers: { quantity: string; price: string }[];
  minPerMember: string;
  maxPerMember: string;
  period: [Dayjs, Dayjs];
  kycRequired: boolean;
  note: string;
}

/** A new round (POST placement/rounds). */
export function RoundCreatePage() {
  const { t } = useTranslation();
  return <RoundEditor title={t('placement.form.createTitle')} />;
}

/** An edit of a round (PUT placement/rounds/:id); its tiers and limits are locked once something is sold. */
export function RoundEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { query } = useCustom<{ round: ConsoleRound }>({ url: PLACEMENT_API.round(id), method: 'get', errorNotification: false });
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const round = query.data?.data.round;
  if (!round) return <Edit isLoading title={t('placement.rounds.edit')} headerButtons={() => null} />;
  return <RoundEditor key={round.id} round={round} />;
}

function initialValues(round?: ConsoleRound): Partial<RoundValues> {
  if (!round) {
    const empty = { en: '', zh: '', ko: '', ja: '' };
    return {
      name: empty,
      rules: empty,
      tiers: [{ quantity: '', price: '' }],
      kycRequired: false,
      period: [dayjs().add(1, 'hour').startOf('hour'), dayjs().add(31, 'day').startOf('hour')],
    };
  }
  return {
    name: round.name,
    rules: round.rules,
    tiers: round.tiers,
    minPerMember: round.minPerMember,
    maxPerMember: round.maxPerMember,
    period: [dayjs(round.startsAt), dayjs(round.endsAt)],
    kycRequired: round.kycRequired,
  };
}

function RoundEditor({ round, title }: { round?: ConsoleRound; title?: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RoundValues>();
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync, mutation } = useCustomMutation<{ round: ConsoleRound }>();
  const started = round ? new Decimal(round.sold).gt(0) : false;
  const tiers = Form.useWatch('tiers', form) ?? [];
  const validTiers = tiers.filter((tier) => tier && UNITS.test(tier.quantity ?? '') && PRICE.test(tier.price ?? ''));
  const total = totalOf(validTiers);
  const required = { required: true, message: t('placement.form.required') };

  const submit = async ({ period, tiers: rows, name, rules, note, ...rest }: RoundValues) => {
    setError(null);
    const trimmed = (texts: Translated) =>
      Object.fromEntries(EDIT_LANGUAGES.map((language) => [language, (texts[language] ?? '').trim()])) as Translated;
    const body: ConsoleRoundBody = {
      ...rest,
      name: trimmed(name),
      rules: trimmed(rules),
      tiers: rows.map((tier) => ({ quantity: tier.quantity.trim(), price: tier.price.trim() })),
      minPerMember: rest.minPerMember.trim(),
      maxPerMember: rest.maxPerMember.trim(),
      startsAt: period[0].toISOString(),
      endsAt: period[1].toISOString(),
      note: note.trim(),
    };
    try {
      const reply = await mutateAsync({
        url: round ? PLACEMENT_API.round(round.id) : PLACEMENT_API.rounds,
        method: round ? 'put' : 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      });
      message.success(t(round ? 'placement.form.saved' : 'placement.form.created'));
      navigate(`/placement/rounds/${reply.data.round.id}`);
    } catch (cause) {
      setError(cause);
    }
  };

  const Page = round ? Edit : Create;
  return (
    <Page
      title={round ? t('placement.form.editTitle', { name: roundName(round.name, i18n.language) }) : title}
      headerButtons={() => null}
      saveButtonProps={{ onClick: () => form.submit(), loading: mutation.isPending, children: t('placement.form.save') }}
    >
      <Form<RoundValues> form={form} layout="vertical" requiredMark initialValues={initialValues(round)} onFinish={submit}>
        {started ? <Alert type="info" showIcon message={t('placement.form.started')} style={{ marginBottom: 16 }} /> : null}
        <Card size="small" title={t('placement.form.names')} style={{ marginBottom: 16 }}>
          <Row gutter={12}>
            {EDIT_LANGUAGES.map((language) => (
              <Col key={language} span={12}>
                <Form.Item
                  name={['name', language]}
                  label={t('placement.form.nameIn', { language: t(`ops.languages.${language}`) })}
                  rules={[{ ...required, whitespace: true }]}
                >
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Card size="small" title={t('placement.form.tiers')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('placement.form.tiersHelp')}</Typography.Paragraph>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" style={{ display: 'flex' }}>
                    <Typography.Text style={{ display: 'inline-block', width: 64, paddingTop: 34 }}>
                      {t('placement.form.tierN', { n: index + 1 })}
                    </Typography.Text>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      label={t('placement.form.quantity')}
                      rules={[required, { pattern: UNITS, message: t('placement.form.quantityInvalid') }]}
                    >
                      <Input inputMode="numeric" autoComplete="off" disabled={started} style={{ width: 200 }} suffix="SBC" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'price']}
                      label={t('placement.form.tierPrice')}
                      rules={[
                        required,
                        {
                          validator: (_, value: string | undefined) =>
                            PRICE.test(value?.trim() ?? '') && /[1-9]/.test(value ?? '')
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('placement.form.priceInvalid'))),
                        },
                      ]}
                    >
                      <Input inputMode="decimal" autoComplete="off" disabled={started} style={{ width: 200 }} suffix="USDT" />
                    </Form.Item>
                    {fields.length > 1 && !started ? (
                      <Button
                        aria-label={t('placement.form.removeTier')}
                        icon={<DeleteOutlined />}
                        style={{ marginTop: 30 }}
                        onClick={() => remove(field.name)}
                      />
                    ) : null}
                  </Space>
                ))}
                {started || fields.length >= 10 ? null : (
                  <Button icon={<PlusOutlined />} onClick={() => add({ quantity: '', price: '' })} style={{ marginBottom: 12 }}>
                    {t('placement.form.addTier')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
          <div>
            <Typography.Text type="secondary">{t('placement.form.total')}: </Typography.Text>
            <Typography.Text strong data-testid="round-total">
              {groupDigits(total)} SBC
            </Typography.Text>
          </div>
        </Card>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item
                name="minPerMember"
                label={t('placement.form.minPerMember')}
                extra={t('placement.form.limitsHelp')}
                rules={[required, { pattern: UNITS, message: t('placement.form.quantityInvalid') }]}
              >
                <Input inputMode="numeric" autoComplete="off" disabled={started} suffix="SBC" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="maxPerMember"
                label={t('placement.form.maxPerMember')}
                dependencies={['minPerMember', 'tiers']}
                rules={[
                  required,
                  { pattern: UNITS, message: t('placement.form.quantityInvalid') },
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) => {
                      const min = String(getFieldValue('minPerMember') ?? '');
                      if (!UNITS.test(value ?? '') || !UNITS.test(min)) return Promise.resolve();
                      if (new Decimal(value ?? '0').lt(min)) return Promise.reject(new Error(t('placement.form.maxBelowMin')));
                      if (new Decimal(total).gt(0) && new Decimal(value ?? '0').gt(total)) {
                        return Promise.reject(new Error(t('placement.form.maxAboveTotal')));
                      }
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input inputMode="numeric" autoComplete="off" disabled={started} suffix="SBC" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="kycRequired" label={t('placement.form.kycRequired')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="period" label={t('placement.form.period')} rules={[required]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Card>
        <Card size="small" title={t('placement.form.rules')} style={{ marginBottom: 16 }}>
          <Row gutter={12}>
            {EDIT_LANGUAGES.map((language) => (
              <Col key={language} span={12}>
                <Form.Item
                  name={['rules', language]}
                  label={t('placement.form.rulesIn', { language: t(`ops.languages.${language}`) })}
                  rules={[{ ...required, whitespace: true }]}
                >
                  <Input.TextArea rows={4} maxLength={2000} showCount />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Form.Item
          name="note"
          label={t('placement.note')}
          extra={t('placement.noteHelp')}
          rules={[
            { ...required, whitespace: true },
            { min: 3, message: t('ops.common.minLength', { count: 3 }) },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Form>
    </Page>
  );
}
