import type { Catalogue } from '../en';

export const withdrawalEventsJa: Catalogue['withdrawalEvents'] = {
  note: {
    auto_approved: '自動承認されました（金額が自動承認の上限 {{amount}} USDT 未満のため）。',
    auto_approvedNoAmount: '自動承認されました（金額が自動承認の上限未満のため）。',
    reviewed_by_operator: '担当者が確認し、承認しました。',
    signed: '取引の準備ができ、まもなく送信されます。',
    sent: 'ネットワークに送信しました。ブロックの承認を待っています。',
    signed_again: '前回の取引は承認されないまま期限切れになったため、再送信します。二重に引き落とされることはありません。',
    sent_by_operator: '担当者が送信しました。',
    confirmed: 'ブロック {{block}} で承認されました。',
    failed_on_chain: 'ネットワーク上で取引が失敗しました。出金額と手数料は残高に戻りました。',
    rejected: '理由：{{reason}}',
  },
  summary: '金額と送金先',
  txHash: '取引ハッシュ',
  copyTxHash: 'トランザクションハッシュをコピー',
  done: {
    sending:
      '残高から {{total}} USDT を引き落としました（出金 {{amount}} USDT、ネットワーク手数料 {{fee}} USDT）。自動承認され、送信中です。進捗は出金履歴で確認できます。',
    completed: '残高から {{total}} USDT を引き落としました（送金 {{amount}} USDT、ネットワーク手数料 {{fee}} USDT）。出金が完了しました。',
    refunded: 'この出金は完了しませんでした。出金額と手数料を合わせた {{total}} USDT は残高に戻りました。',
  },
};
