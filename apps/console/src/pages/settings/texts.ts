import type { Texts } from '../../i18n/texts';

export const settingsEn = {
  title: 'Settings',
  key: 'Setting',
  value: 'Value',
  default: 'Default',
  updatedBy: 'Changed by',
  edit: 'Change',
  editTitle: 'Change {{key}}',
  saved: 'Setting saved',
  names: {
    console_idle_minutes: 'Console idle timeout (minutes)',
    approvals_expiry_hours: 'Approval requests expire after (hours)',
    approvals_withdrawal_above: 'Withdrawals above this amount need a second approver',
    approvals_payout_above: 'Flash exchange orders above this amount need a second approver',
  },
};

export const settingsZh: Texts<typeof settingsEn> = {
  title: '设置',
  key: '设置项',
  value: '值',
  default: '默认值',
  updatedBy: '修改人',
  edit: '修改',
  editTitle: '修改 {{key}}',
  saved: '设置已保存',
  names: {
    console_idle_minutes: '控制台空闲超时（分钟）',
    approvals_expiry_hours: '审批请求过期时间（小时）',
    approvals_withdrawal_above: '超过此金额的提现需第二位审批人',
    approvals_payout_above: '超过此金额的闪兑订单需第二位审批人',
  },
};
