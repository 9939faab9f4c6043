import type { Texts } from '../../i18n/texts';

export const apiKeysEn = {
  title: 'API keys',
  create: 'Create a key',
  createTitle: 'Create an API key',
  name: 'Name',
  nameHelp: 'What the key is for, e.g. "nightly reconciliation"',
  prefix: 'Key starts with',
  createdBy: 'Created by',
  lastUsed: 'Last used',
  revoked: 'Revoked',
  active: 'Active',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke "{{name}}"? Scripts using it stop working at once.',
  keyOnce: 'Copy the key now: it is shown only once and stored only as a hash. Send it as "Authorization: Bearer <key>".',
};

export const apiKeysZh: Texts<typeof apiKeysEn> = {
  title: 'API 密钥',
  create: '创建密钥',
  createTitle: '创建 API 密钥',
  name: '名称',
  nameHelp: '密钥的用途，例如“夜间对账”',
  prefix: '密钥开头',
  createdBy: '创建人',
  lastUsed: '最近使用',
  revoked: '已吊销',
  active: '有效',
  revoke: '吊销',
  revokeConfirm: '吊销“{{name}}”？使用它的脚本将立即失效。',
  keyOnce: '请立即复制密钥：它只显示这一次，服务器只保存其哈希。使用方式为 “Authorization: Bearer <密钥>”。',
};
