import type { Texts } from '../../i18n/texts';

export const adjustmentsEn = {
  title: 'Balance adjustment',
  menu: 'Adjustments',
  help: 'Credit (positive amount) or debit (negative amount) a member. Every adjustment goes to a second operator for approval before it reaches the ledger.',
  memberUid: 'Member UID',
  currency: 'Currency',
  amount: 'Amount (signed)',
  amountHelp: 'For example 25.50 to credit, -25.50 to debit. Not zero.',
  amountInvalid: 'Enter a signed amount other than zero, with up to 18 decimals',
  reason: 'Reason',
  reasonHelp: 'At least 3 characters. Shown to the approver and kept in the audit log.',
  submit: 'Send for approval',
};

export const adjustmentsZh: Texts<typeof adjustmentsEn> = {
  title: '余额调整',
  menu: '余额调整',
  help: '为会员入账（正数）或扣款（负数）。每笔调整都须经另一位操作员批准后才记入账本。',
  memberUid: '会员 UID',
  currency: '币种',
  amount: '金额（带正负号）',
  amountHelp: '例如 25.50 表示入账，-25.50 表示扣款。不能为零。',
  amountInvalid: '请输入非零的带符号金额，最多 18 位小数',
  reason: '原因',
  reasonHelp: '至少 3 个字符。审批人可见，并记入审计日志。',
  submit: '提交审批',
};
