import { Show } from '@refinedev/antd';
import { useCustomMutation, useInvalidate, useOne } from '@refinedev/core';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { API } from '../../api-paths';
import { DateTime } from '../../components/date-time';
import { JsonView } from '../../components/json-view';
import { Money } from '../../components/money';
import { errorText, QueryError } from '../../components/query-error';
import type { Approval, ApprovalDetail, Posting } from '../../types/console';
import { ApprovalStatusTag, useApprovalSummary, useKindLabel } from './approval-status';

/**
 * One approval request as the checker decides it: the exact payload and its hash, who asked and when it
 * expires, and for money actions the ledger postings approving would make (computed by the server's
 * ledger in a rolled-back transaction). Approving sends the hash shown here, so the server runs this
 * payload or refuses; the maker sees no Approve button (the database refuses it anyway).
 */
export function ApprovalShow() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const kindLabel = useKindLabel();
  const summaryOf = useApprovalSummary();
  const { result, query } = useOne<ApprovalDetail>({ resource: 'approvals', id });
  const detail = result as ApprovalDetail | undefined;
  const approval = detail?.approval;

  return (
    <Show
      title={approval ? kindLabel(approval.kind) : t('approvals.title')}
      isLoading={query.isLoading}
      canEdit={false}
      canDelete={false}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          {approval && <Decision approval={approval} />}
        </>
      )}
    >
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {approval && detail && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <DecisionNotice approval={approval} />
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('approvals.summary')} span={2}>
              {summaryOf(approval)}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <ApprovalStatusTag status={approval.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.kind')}>{kindLabel(approval.kind)}</Descriptions.Item>
            <Descriptions.Item label={t('approvals.maker')}>{approval.maker.email}</Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>
              <DateTime value={approval.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.expiresAt')}>
              <DateTime value={approval.expiresAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.checker')}>{approval.checker?.email ?? t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('approvals.decidedAt')}>
              <DateTime value={approval.decidedAt} />
            </Descriptions.Item>
            {approval.reason && (
              <Descriptions.Item label={t('common.reason')} span={2}>
                {approval.reason}
              </Descriptions.Item>
            )}
            {approval.errorCode && (
              <Descriptions.Item label={t('approvals.errorCode')} span={2}>
                <Typography.Text type="danger" code>
                  {approval.errorCode}
                </Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('approvals.payloadHash')} span={2}>
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {approval.payloadHash}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('approvals.payload')}</Typography.Title>
            <JsonView value={approval.payload} />
          </div>
          <LedgerPreview preview={detail.preview} />
          {approval.result !== null && approval.result !== undefined && (
            <div>
              <Typography.Title level={5}>{t('approvals.result')}</Typography.Title>
              <JsonView value={approval.result} />
            </div>
          )}
        </Space>
      )}
    </Show>
  );
}

function LedgerPreview({ preview }: { preview: ApprovalDetail['preview'] }) {
  const { t } = useTranslation();
  if (!preview) return null;
  return (
    <div>
      <Typography.Title level={5}>{t('approvals.preview')}</Typography.Title>
      {preview.postings.length === 0 ? (
        <Typography.Text type="secondary">{t('approvals.previewNone')}</Typography.Text>
      ) : (
        <Table<Posting>
          dataSource={preview.postings}
          rowKey={(posting) => `${posting.account}:${posting.currency}:${posting.amount}`}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
        >
          <Table.Column<Posting> dataIndex="account" title={t('approvals.account')} />
          <Table.Column<Posting> dataIndex="owner" title={t('approvals.owner')} />
          <Table.Column<Posting> dataIndex="currency" title={t('approvals.currency')} />
          <Table.Column<Posting>
            dataIndex="amount"
            title={t('approvals.amount')}
            align="right"
            render={(amount: string) => <Money amount={amount} signed />}
          />
          <Table.Column<Posting>
            key="balance"
            title={t('approvals.balance')}
            align="right"
            render={(_, posting) => (
              <Space size={6}>
                <Money amount={posting.balanceBefore} />→<Money amount={posting.balanceAfter} />
              </Space>
            )}
          />
        </Table>
      )}
    </div>
  );
}

function DecisionNotice({ approval }: { approval: Approval }) {
  const { t } = useTranslation();
  if (approval.status !== 'pending') return null;
  if (approval.mine) return <Alert type="info" showIcon message={t('approvals.ownRequest')} />;
  if (!approval.canDecide) return <Alert type="info" showIcon message={t('approvals.cannotDecide')} />;
  return null;
}

/** Approve and Reject, for a pending request the server says this operator may decide. */
function Decision({ approval }: { approval: Approval }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<{ approval: Approval }>();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  if (approval.status !== 'pending' || approval.mine || !approval.canDecide) return null;

  const decide = async (url: string, values: Record<string, string>) => {
    try {
      const reply = await mutateAsync({ url, method: 'post', values, successNotification: false, errorNotification: false });
      const decided = reply.data.approval;
      if (decided.status === 'failed') message.error(t('approvals.failed', { code: decided.errorCode ?? '' }));
      else message.success(decided.status === 'rejected' ? t('approvals.rejected') : t('approvals.approved'));
      await invalidate({ resource: 'approvals', invalidates: ['list', 'detail'], id: approval.id });
      return true;
    } catch (error) {
      message.error(errorText(error, t('common.loadFailed')));
      await invalidate({ resource: 'approvals', invalidates: ['detail'], id: approval.id });
      return false;
    }
  };

  return (
    <Space>
      <Popconfirm
        title={t('approvals.approveConfirm')}
        okText={t('approvals.approve')}
        cancelText={t('buttons.cancel')}
        onConfirm={() => decide(API.approve(approval.id), { payloadHash: approval.payloadHash })}
      >
        <Button type="primary" loading={mutation.isPending}>
          {t('approvals.approve')}
        </Button>
      </Popconfirm>
      <Button danger onClick={() => setRejecting(true)}>
        {t('approvals.reject')}
      </Button>
      <Modal
        open={rejecting}
        title={t('approvals.rejectTitle')}
        okText={t('approvals.reject')}
        okButtonProps={{ danger: true, loading: mutation.isPending }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setRejecting(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async ({ reason }) => {
            if (await decide(API.reject(approval.id), { reason: reason.trim() })) setRejecting(false);
          }}
        >
          <Form.Item
            name="reason"
            label={t('approvals.rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('signIn.required') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
