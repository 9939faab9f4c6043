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
    rewards_holding_days: 'Days an invitation reward is held before it reaches the wallet',
    placement_sbc_price: 'SBC price for the estimated value in My placement (USDT)',
    nodes_small_price: 'Price of one small node (USDT)',
    nodes_small_cap: 'Small nodes one member may buy in all',
    nodes_upgrade_ratio: 'Small nodes that upgrade to one large node',
    nodes_large_hold: 'Held at a large-node application (USDT)',
    nodes_dpool_share_percent: 'Share of each D-pool total paid to large-node holders (%)',
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
    rewards_holding_days: '邀请奖励到账前的冻结天数',
    placement_sbc_price: '“我的私募”估值所用 SBC 价格（USDT）',
    nodes_small_price: '每个小节点价格（USDT）',
    nodes_small_cap: '每位会员最多可购买的小节点数',
    nodes_upgrade_ratio: '升级为一个大节点所需的小节点数',
    nodes_large_hold: '申请大节点时冻结的金额（USDT）',
    nodes_dpool_share_percent: '每期 D 池总额中发放给大节点持有人的比例（%）',
  },
};
