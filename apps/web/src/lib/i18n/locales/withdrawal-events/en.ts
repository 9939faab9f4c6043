/**
 * What each step of a withdrawal's history says (the `withdrawalEvents` texts): the server sends a
 * note code and its parameters (contract WITHDRAWAL_NOTE_CODES), worded here.
 */
export const withdrawalEventsEn = {
  note: {
    auto_approved: 'Approved automatically: the amount is below the automatic approval limit of {{amount}} USDT.',
    auto_approvedNoAmount: 'Approved automatically: the amount is below the automatic approval limit.',
    reviewed_by_operator: 'Reviewed and approved by our team.',
    signed: 'The transaction is prepared and about to be sent.',
    sent: 'Sent to the network, waiting for confirmations.',
    signed_again: 'The earlier transaction expired without being confirmed. It will be sent again; nothing was taken twice.',
    sent_by_operator: 'Sent by our team.',
    confirmed: 'Confirmed on the network in block {{block}}.',
    failed_on_chain: 'The transaction failed on the network. The amount and its fee are back in your balance.',
    rejected: 'Reason: {{reason}}',
  },
  summary: 'Amount and destination',
  txHash: 'Transaction',
  copyTxHash: 'Copy transaction hash',
  done: {
    sending:
      '{{total}} USDT was taken from your balance: {{amount}} USDT to send plus the {{fee}} USDT network fee. It was approved automatically and is on its way; follow its progress in your withdrawal orders.',
    completed:
      '{{total}} USDT was taken from your balance: {{amount}} USDT sent plus the {{fee}} USDT network fee. The withdrawal is complete.',
    refunded: 'This withdrawal did not go through. {{total}} USDT, the amount and its fee, is back in your balance.',
  },
};
