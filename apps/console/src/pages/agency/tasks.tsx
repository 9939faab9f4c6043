import { List, RefreshButton } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { CURRENCY_CODES } from '@wallet/contract';
import { Col, DatePicker, Empty, Form, Input, InputNumber, Row, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/date-time';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { ActionButton } from '../ops/shared/action-button';
import { LOCAL_PAGING } from '../ops/shared/whole-list';
import { AGENCY_API } from './api';
import { FormDialog } from './form-dialog';
import type { RewardTask } from './types';

const AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;
const TITLE_LANGUAGES = ['en', 'zh', 'ko', 'ja'] as const;
const STATUS_COLOURS = { scheduled: 'blue', active: 'green', ended: 'default' } as const;

/** The reward tasks (ledger code 33): a goal within days of joining, a USDT reward; created and ended here. */
export function AgencyTaskPage() {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<{ items: RewardTask[] }>({ url: AGENCY_API.tasks, method: 'get', errorNotification: false });
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  const titleOf = (task: RewardTask) => task.title[i18n.language] ?? task.title.en ?? '';

  return (
    <List
      title={t('agency.tasks.title')}
      headerButtons={
        <>
          <RefreshButton onClick={refetch} />
          <NewTask onDone={refetch} />
        </>
      }
    >
      <Table<RewardTask>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.data.items ?? []}
        pagination={LOCAL_PAGING}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('agency.tasks.empty')} /> }}
        columns={[
          { title: t('agency.tasks.name'), render: (_, task) => titleOf(task) },
          {
            title: t('agency.tasks.goal'),
            render: (_, task) => t('agency.tasks.goalText', { cards: task.minCards, spend: task.minSpend, currency: task.spendCurrency }),
          },
          {
            dataIndex: 'withinDays',
            title: t('agency.tasks.withinDays'),
            render: (v: number) => t('agency.tasks.withinText', { days: v }),
          },
          { title: t('agency.tasks.reward'), render: (_, task) => <Money amount={task.reward} currency={task.currency} /> },
          { dataIndex: 'startsAt', title: t('agency.tasks.startsAt'), render: (v: string) => <DateTime value={v} /> },
          {
            dataIndex: 'endsAt',
            title: t('agency.tasks.endsAt'),
            render: (v: string | null) => (v ? <DateTime value={v} /> : t('agency.tasks.noEnd')),
          },
          {
            dataIndex: 'status',
            title: t('agency.tasks.status'),
            render: (v: RewardTask['status']) => <Tag color={STATUS_COLOURS[v]}>{t(`agency.tasks.statuses.${v}`)}</Tag>,
          },
          {
            title: t('table.actions'),
            render: (_, task) =>
              task.status === 'ended' ? null : (
                <ActionButton
                  resource="agency-tasks"
                  action="end"
                  method="put"
                  size="small"
                  danger
                  label={t('agency.tasks.end')}
                  title={t('agency.tasks.endTitle', { title: titleOf(task) })}
                  warning={t('agency.tasks.endWarning')}
                  url={AGENCY_API.taskEnd(task.id)}
                  successMessage={t('agency.tasks.ended')}
                  onDone={refetch}
                />
              ),
          },
        ]}
      />
    </List>
  );
}

interface TaskValues {
  title: Record<(typeof TITLE_LANGUAGES)[number], string>;
  minCards: number;
  minSpend: string;
  spendCurrency: string;
  withinDays: number;
  reward: string;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
}

function NewTask({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const amountRule = { pattern: AMOUNT, message: t('agency.rates.valueInvalid') };
  const required = { required: true, message: t('ops.common.required') };
  return (
    <FormDialog<TaskValues>
      resource="agency-tasks"
      action="create"
      type="primary"
      width={720}
      label={t('agency.tasks.create')}
      title={t('agency.tasks.createTitle')}
      url={AGENCY_API.tasks}
      initialValues={{ minCards: 1, minSpend: '0', spendCurrency: 'USD', withinDays: 30 }}
      body={({ startsAt, endsAt, title, ...rest }) => ({
        ...rest,
        title: Object.fromEntries(TITLE_LANGUAGES.map((language) => [language, title[language].trim()])),
        currency: 'USDT',
        ...(startsAt ? { startsAt: startsAt.toISOString() } : {}),
        ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
      })}
      successMessage={() => t('agency.tasks.saved')}
      onDone={onDone}
    >
      {() => (
        <>
          <Row gutter={12}>
            {TITLE_LANGUAGES.map((language) => (
              <Col key={language} span={12}>
                <Form.Item
                  name={['title', language]}
                  label={t('agency.tasks.titleIn', { language: t(`ops.languages.${language}`) })}
                  rules={[{ ...required, whitespace: true }]}
                >
                  <Input maxLength={120} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="minCards" label={t('agency.tasks.minCards')} rules={[required]}>
                <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="minSpend" label={t('agency.tasks.minSpend')} rules={[required, amountRule]}>
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="spendCurrency" label={t('agency.tasks.spendCurrency')} rules={[required]}>
                <Select showSearch options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="withinDays" label={t('agency.tasks.withinDays')} rules={[required]}>
                <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="reward" label={t('agency.tasks.reward')} rules={[required, amountRule]}>
                <Input inputMode="decimal" suffix="USDT" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="startsAt" label={t('agency.tasks.startsAt')} extra={t('agency.rates.startNow')}>
                <DatePicker showTime />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="endsAt" label={t('agency.tasks.endsAt')}>
                <DatePicker showTime placeholder={t('agency.tasks.noEnd')} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </FormDialog>
  );
}
