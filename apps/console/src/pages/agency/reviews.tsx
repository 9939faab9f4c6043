import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Button, Empty, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { ActionButton } from '../ops/shared/action-button';
import { AGENCY_API } from './api';
import type { ReferralReview, ReferralReviewList } from './types';

const STATUSES = ['open', 'cleared', 'voided'] as const;
const STATUS_COLOURS = { open: 'gold', cleared: 'green', voided: 'red' } as const;

/**
 * The abuse review list (the abuse module's GET agency/reviews): pairs the rules linked, with their
 * signals and held rewards; an open one is cleared or voided with a note (POST .../decision).
 */
export function AgencyReviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((value) => value === params.get('status')) ?? 'open';
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { query } = useCustom<ReferralReviewList>({
    url: AGENCY_API.reviews,
    method: 'get',
    config: { query: { status, limit: 20, cursor } },
    errorNotification: false,
  });
  const page = query.data?.data;
  const refetch = () => void query.refetch();
  const member = (who: { uid: string; email: string }) => (
    <span>
      <Link to={`/agency/members?uid=${who.uid}`}>{who.uid}</Link> · {who.email}
    </span>
  );
  const decide = (review: ReferralReview, decision: 'clear' | 'void') => {
    const names = { inviter: review.inviter.uid, invitee: review.invitee.uid };
    return (
      <ActionButton
        resource="agency-reviews"
        action="decide"
        size="small"
        danger={decision === 'void'}
        type={decision === 'clear' ? 'primary' : undefined}
        label={t(`agency.reviews.${decision}`)}
        title={t(`agency.reviews.${decision}Title`, names)}
        warning={t(`agency.reviews.${decision}Warning`)}
        url={AGENCY_API.reviewDecision(review.id)}
        values={{ decision }}
        fields={[{ name: 'note', label: t('agency.note'), required: true, min: 3, max: 500, multiline: true }]}
        successMessage={t('agency.reviews.decided')}
        onDone={refetch}
      />
    );
  };

  return (
    <List title={t('agency.reviews.title')}>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(value) => {
          setCursors([undefined]);
          setParams(value === 'open' ? {} : { status: String(value) });
        }}
        options={STATUSES.map((value) => ({ value, label: t(`agency.reviews.statuses.${value}`) }))}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <>
          <Table<ReferralReview>
            size="small"
            rowKey="id"
            loading={query.isFetching}
            dataSource={page?.reviews ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('agency.reviews.empty')} /> }}
            columns={[
              { dataIndex: 'createdAt', title: t('agency.reviews.createdAt'), render: (v: string) => <DateTime value={v} /> },
              { title: t('agency.reviews.inviter'), render: (_, review) => member(review.inviter) },
              { title: t('agency.reviews.invitee'), render: (_, review) => member(review.invitee) },
              {
                title: t('agency.reviews.signals'),
                render: (_, review) =>
                  review.signals.map((signal) => (
                    <Tooltip key={`${signal.kind}:${signal.detail ?? ''}`} title={signal.detail}>
                      <Tag color="volcano">{t(`agency.reviews.signalKinds.${signal.kind}`, { defaultValue: signal.kind })}</Tag>
                    </Tooltip>
                  )),
              },
              {
                title: t('agency.reviews.held'),
                render: (_, review) => {
                  const held = Object.entries(review.held);
                  return held.length ? (
                    <Space direction="vertical" size={0}>
                      {held.map(([currency, amount]) => (
                        <Money key={currency} amount={amount} currency={currency} />
                      ))}
                    </Space>
                  ) : (
                    '—'
                  );
                },
              },
              {
                dataIndex: 'status',
                title: t('agency.tasks.status'),
                render: (v: ReferralReview['status']) => <Tag color={STATUS_COLOURS[v]}>{t(`agency.reviews.statuses.${v}`)}</Tag>,
              },
              { dataIndex: 'decidedAt', title: t('agency.reviews.decidedAt'), render: (v: string | null) => <DateTime value={v} /> },
              { dataIndex: 'decidedBy', title: t('agency.reviews.decidedBy'), render: (v: string | null) => v ?? '—' },
              { dataIndex: 'note', title: t('agency.note'), ellipsis: true, width: 200, render: (v: string | null) => v ?? '—' },
              {
                title: t('table.actions'),
                render: (_, review) =>
                  review.status === 'open' ? (
                    <Space>
                      {decide(review, 'clear')}
                      {decide(review, 'void')}
                    </Space>
                  ) : null,
              },
            ]}
          />
          <Space style={{ marginTop: 12 }}>
            <Button disabled={cursors.length < 2} onClick={() => setCursors((list) => list.slice(0, -1))}>
              {t('ops.common.newer')}
            </Button>
            <Button disabled={!page?.nextCursor} onClick={() => setCursors((list) => [...list, page?.nextCursor ?? undefined])}>
              {t('ops.common.older')}
            </Button>
          </Space>
        </>
      )}
    </List>
  );
}
