import { List, RefreshButton } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { RULE_EVENT_KINDS, RULE_ROLES } from '@wallet/contract';
import { Card, DatePicker, Form, Input, Radio, Segmented, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/date-time';
import { QueryError } from '../../components/query-error';
import { LOCAL_PAGING } from '../ops/shared/whole-list';
import { AGENCY_API } from './api';
import { FormDialog, NoteField } from './form-dialog';
import { rateText } from './role-tag';
import type { AgencyRates, RewardRule } from './types';

/** As the server takes it: at most 15 whole digits and 6 decimals. */
const RATE = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

type CurrentRow = AgencyRates['current'][number];

/** Roles from no role up to the highest, as operators compare them. */
const ROLE_ORDER = ['member', 'agent', 'promotion_manager', 'city_partner'];

/**
 * The reward rates (GET agency/rates): per event kind the rule in force for each role and level, and
 * the next version when one is set; every version with its start and who set it; a form for a new
 * version (rates are never edited).
 */
export function AgencyRatesPage() {
  const { t } = useTranslation();
  const { query } = useCustom<AgencyRates>({ url: AGENCY_API.rates, method: 'get', errorNotification: false });
  const data = query.data?.data;
  const [kind, setKind] = useState<string>(RULE_EVENT_KINDS[0]);
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  const ruleCell = (rule: RewardRule | null) =>
    rule ? rateText(rule) : <Typography.Text type="secondary">{t('agency.rates.none')}</Typography.Text>;
  const rows = (data?.current ?? [])
    .filter((row) => row.eventKind === kind)
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || a.level - b.level);

  return (
    <List
      title={t('agency.rates.title')}
      headerButtons={
        <>
          <RefreshButton onClick={refetch} />
          <NewVersion onDone={refetch} />
        </>
      }
    >
      <Card size="small" title={t('agency.rates.current')} style={{ marginBottom: 16 }}>
        <Segmented
          style={{ marginBottom: 12 }}
          value={kind}
          onChange={(value) => setKind(String(value))}
          options={RULE_EVENT_KINDS.map((value) => ({ value, label: t(`agency.events.${value}`) }))}
        />
        <Table<CurrentRow>
          size="small"
          rowKey={(row) => `${row.eventKind}:${row.role}:${row.level}`}
          loading={query.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { dataIndex: 'role', title: t('agency.role'), render: (v: string) => t(`agency.roles.${v}`) },
            { dataIndex: 'level', title: t('agency.level'), render: (v: number) => t('agency.levelN', { level: v }) },
            { dataIndex: 'rule', title: t('agency.rates.rule'), render: ruleCell },
            { title: t('agency.rates.since'), render: (_, row) => <DateTime value={row.rule?.startsAt} /> },
            {
              title: t('agency.rates.next'),
              render: (_, row) =>
                row.next ? (
                  <span>
                    {rateText(row.next)} · <DateTime value={row.next.startsAt} />
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('agency.rates.history')}>
        <Table<RewardRule>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={data?.history ?? []}
          pagination={LOCAL_PAGING}
          scroll={{ x: 'max-content' }}
          columns={[
            { dataIndex: 'eventKind', title: t('agency.rates.eventKind'), render: (v: string) => t(`agency.events.${v}`) },
            { dataIndex: 'role', title: t('agency.role'), render: (v: string) => t(`agency.roles.${v}`) },
            { dataIndex: 'level', title: t('agency.level'), render: (v: number) => t('agency.levelN', { level: v }) },
            { title: t('agency.rates.rule'), render: (_, rule) => rateText(rule) },
            { dataIndex: 'startsAt', title: t('agency.rates.startsAt'), render: (v: string) => <DateTime value={v} /> },
            { dataIndex: 'createdBy', title: t('agency.rates.createdBy'), render: (v: string | null) => v ?? t('agency.rates.opening') },
            { dataIndex: 'note', title: t('agency.note'), ellipsis: true, width: 240 },
          ]}
        />
      </Card>
    </List>
  );
}

interface RuleValues {
  eventKind: string;
  role: string;
  level: number;
  amountKind: 'fixed' | 'percent';
  value: string;
  startsAt?: Dayjs | null;
  note: string;
}

function NewVersion({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<RuleValues>
      resource="agency-rates"
      action="create"
      type="primary"
      label={t('agency.rates.newVersion')}
      title={t('agency.rates.newVersionTitle')}
      url={AGENCY_API.rates}
      warning={t('agency.rates.newVersionHelp')}
      initialValues={{ eventKind: RULE_EVENT_KINDS[0], role: 'agent', level: 1, amountKind: 'fixed' }}
      body={({ startsAt, value, amountKind, ...rest }) => ({
        ...rest,
        amountKind,
        value: value.trim(),
        currency: amountKind === 'fixed' ? 'USDT' : null,
        ...(startsAt ? { startsAt: startsAt.toISOString() } : {}),
      })}
      successMessage={() => t('agency.rates.saved')}
      onDone={onDone}
    >
      {() => (
        <>
          <Form.Item name="eventKind" label={t('agency.rates.eventKind')} rules={[{ required: true }]}>
            <Select options={RULE_EVENT_KINDS.map((value) => ({ value, label: t(`agency.events.${value}`) }))} />
          </Form.Item>
          <Form.Item name="role" label={t('agency.role')} rules={[{ required: true }]}>
            <Select
              options={[...RULE_ROLES]
                .sort((a, b) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b))
                .map((value) => ({ value, label: t(`agency.roles.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="level" label={t('agency.level')} rules={[{ required: true }]}>
            <Radio.Group options={[1, 2].map((value) => ({ value, label: t('agency.levelN', { level: value }) }))} />
          </Form.Item>
          <Form.Item name="amountKind" label={t('agency.rates.amountKind')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'fixed', label: t('agency.rates.fixed') },
                { value: 'percent', label: t('agency.rates.percent') },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.amountKind !== b.amountKind}>
            {({ getFieldValue }) => (
              <Form.Item
                name="value"
                label={t('agency.rates.value')}
                rules={[
                  {
                    required: true,
                    validator: (_, value: string | undefined) => {
                      const text = value?.trim() ?? '';
                      const ok = RATE.test(text) && (getFieldValue('amountKind') !== 'percent' || Number(text) <= 100);
                      return ok ? Promise.resolve() : Promise.reject(new Error(t('agency.rates.valueInvalid')));
                    },
                  },
                ]}
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  suffix={getFieldValue('amountKind') === 'percent' ? '%' : 'USDT'}
                  style={{ maxWidth: 240 }}
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="startsAt" label={t('agency.rates.startsAt')} extra={t('agency.rates.startNow')}>
            <DatePicker showTime disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <NoteField />
        </>
      )}
    </FormDialog>
  );
}
