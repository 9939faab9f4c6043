import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';

/**
 * Approve (optionally with the hash of a transaction sent by hand) or reject with a reason. Above
 * the four-eyes threshold the server answers 202 with an approval request, which ActionButton opens.
 */
export function WithdrawalDecision({ id, summary, onDone }: { id: string; summary: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <ActionButton
        resource="withdrawals"
        action="approve"
        type="primary"
        size="small"
        label={t('ops.withdrawals.approve')}
        title={t('ops.withdrawals.approveTitle', { summary })}
        warning={t('ops.withdrawals.approveWarning')}
        url={OPS_API.withdrawalApprove(id)}
        fields={[
          {
            name: 'txHash',
            label: t('ops.withdrawals.txHash'),
            min: 10,
            max: 100,
            pattern: /^[\x21-\x7E]+$/,
            patternMessage: t('ops.withdrawals.txHashInvalid'),
            placeholder: t('ops.withdrawals.txHashHint'),
          },
        ]}
        successMessage={t('ops.withdrawals.approved')}
        onDone={onDone}
      />
      <ActionButton
        resource="withdrawals"
        action="reject"
        danger
        size="small"
        label={t('ops.withdrawals.reject')}
        title={t('ops.withdrawals.rejectTitle', { summary })}
        warning={t('ops.withdrawals.rejectWarning')}
        url={OPS_API.withdrawalReject(id)}
        fields={[{ name: 'reason', label: t('common.reason'), required: true, min: 3, max: 500, multiline: true }]}
        successMessage={t('ops.withdrawals.rejected')}
        onDone={onDone}
      />
    </Space>
  );
}
