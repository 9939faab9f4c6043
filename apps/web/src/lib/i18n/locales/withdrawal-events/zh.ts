import type { Catalogue } from '../en';

export const withdrawalEventsZh: Catalogue['withdrawalEvents'] = {
  note: {
    auto_approved: '已自动通过：金额低于自动审核额度 {{amount}} USDT。',
    auto_approvedNoAmount: '已自动通过：金额低于自动审核额度。',
    reviewed_by_operator: '已由工作人员审核通过。',
    signed: '交易已生成，即将发出。',
    sent: '已发送到链上，等待区块确认。',
    signed_again: '之前的交易未被确认已失效，将重新发送，不会重复扣款。',
    sent_by_operator: '已由工作人员发出。',
    confirmed: '已在区块 {{block}} 中确认。',
    failed_on_chain: '链上交易失败，提现金额和手续费已退回您的余额。',
    rejected: '原因：{{reason}}',
  },
  summary: '金额与收款地址',
  txHash: '交易哈希',
  copyTxHash: '复制交易哈希',
  done: {
    sending:
      '已从余额扣除 {{total}} USDT：提现 {{amount}} USDT，另加网络手续费 {{fee}} USDT。提现已自动通过，正在发送中，您可以在提现订单中查看进度。',
    completed: '已从余额扣除 {{total}} USDT：已发出 {{amount}} USDT，另加网络手续费 {{fee}} USDT。提现已完成。',
    refunded: '此笔提现未能完成，{{total}} USDT（提现金额及手续费）已退回您的余额。',
  },
};
