import { List, useTable } from '@refinedev/antd';
import { type CrudFilter, useCustom } from '@refinedev/core';
import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ADMIN_API, API } from '../../api-paths';
import { DateTime } from '../../components/date-time';
import { JsonView } from '../../components/json-view';
import { QueryError } from '../../components/query-error';
import { buildQuery, type QueryValue } from '../../lib/http';
import { filterQuery } from '../../providers/data-provider';
import type { AuditEntry, AuditVerification } from '../../types/console';

interface AuditSearch {
  operator?: string;
  action?: string;
  object?: string;
  member?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's values as the API's filters: each a query parameter; the period as `from` and `to`. */
function searchFilters(values: AuditSearch): CrudFilter[] {
  const text = (field: keyof Omit<AuditSearch, 'period'>): CrudFilter => ({
    field,
    operator: 'eq',
    value: values[field]?.trim() || undefined,
  });
  return [
    text('operator'),
    text('action'),
    text('object'),
    text('member'),
    { field: 'from', operator: 'gte', value: values.period?.[0]?.startOf('day').toISOString() },
    { field: 'to', operator: 'lte', value: values.period?.[1]?.endOf('day').toISOString() },
  ];
}

/**
 * The operators' audit log (GET audit): filters by operator, action, object, member and time; each row
 * opens to its before and after side by side. "Verify chain" asks the server to walk the hash chain;
 * "Export CSV" downloads the entries the same filters select.
 */
export function AuditList() {
  const { t } = useTranslation();
  const { tableProps, tableQuery, searchFormProps, filters } = useTable<AuditEntry, never, AuditSearch>({
    resource: 'audit',
    sorters: { mode: 'off' },
    filters: { mode: 'server' },
    onSearch: searchFilters,
  });
  const verification = useCustom<AuditVerification>({ url: API.auditVerify, method: 'get', queryOptions: { enabled: false } });
  const exportHref = `${ADMIN_API}/${API.auditExport}${buildQuery(filterQuery(filters) as Record<string, QueryValue>)}`;
  const verified = verification.query.data?.data;

  return (
    <List
      title={t('audit.title')}
      headerButtons={
        <Space>
          <Button loading={verification.query.isFetching} onClick={() => void verification.query.refetch()}>
            {t('audit.verify')}
          </Button>
          <Button href={exportHref} download>
            {t('audit.exportCsv')}
          </Button>
        </Space>
      }
    >
      {verification.query.isError && <QueryError error={verification.query.error} />}
      {verified && !verification.query.isFetching && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={verified.intact ? 'success' : 'error'}
          message={
            verified.intact
              ? t('audit.intact', { entries: verified.entries })
              : t('audit.broken', { at: verified.brokenAt ?? '?', why: verified.why ?? '' })
          }
        />
      )}
      <Form {...searchFormProps} layout="vertical" style={{ marginBottom: 16 }}>
        <Row gutter={12} align="bottom">
          <Col span={4}>
            <Form.Item name="operator" label={t('audit.operator')}>
              <Input allowClear placeholder="ops@…" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="action" label={t('audit.action')}>
              <Input allowClear placeholder="withdrawal.approve" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="object" label={t('audit.object')}>
              <Input allowClear placeholder="withdrawal:12" />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name="member" label={t('audit.member')}>
              <Input allowClear />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="period" label={t('audit.period')}>
              <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item>
              <Button type="primary" htmlType="submit" block>
                {t('audit.apply')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {tableQuery.isError ? (
        <QueryError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table<AuditEntry>
          {...tableProps}
          rowKey="seq"
          size="small"
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (entry) => <EntryDetail entry={entry} /> }}
        >
          <Table.Column<AuditEntry> dataIndex="seq" title={t('audit.seq')} />
          <Table.Column<AuditEntry> dataIndex="at" title={t('audit.at')} render={(value: string) => <DateTime value={value} />} />
          <Table.Column<AuditEntry> key="operator" title={t('audit.operator')} render={(_, entry) => <Who entry={entry} />} />
          <Table.Column<AuditEntry>
            dataIndex="action"
            title={t('audit.action')}
            render={(action: string) => <Typography.Text code>{action}</Typography.Text>}
          />
          <Table.Column<AuditEntry>
            dataIndex="object"
            title={t('audit.object')}
            render={(value: string | null) => value ?? t('common.none')}
          />
          <Table.Column<AuditEntry>
            dataIndex="memberUid"
            title={t('audit.member')}
            render={(value: string | null) => value ?? t('common.none')}
          />
          <Table.Column<AuditEntry>
            dataIndex="reason"
            title={t('common.reason')}
            render={(value: string | null) =>
              value ? (
                <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: value }}>
                  {value}
                </Typography.Text>
              ) : (
                t('common.none')
              )
            }
          />
        </Table>
      )}
    </List>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const name = entry.operator?.email ?? (entry.apiKeyId ? t('audit.apiKey', { id: entry.apiKeyId }) : t('audit.system'));
  return (
    <Space size={4} wrap={false}>
      <span>{name}</span>
      {entry.roles.map((role) => (
        <Tag key={role}>{t(`roles.${role}`, { defaultValue: role })}</Tag>
      ))}
    </Space>
  );
}

function EntryDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Text strong>{t('audit.before')}</Typography.Text>
          <JsonView value={entry.before} maxHeight={300} />
        </Col>
        <Col span={12}>
          <Typography.Text strong>{t('audit.after')}</Typography.Text>
          <JsonView value={entry.after} maxHeight={300} />
        </Col>
      </Row>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('audit.requestId')}>{entry.requestId ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('audit.ip')}>{entry.ip ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('audit.hash')}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {entry.hash}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
