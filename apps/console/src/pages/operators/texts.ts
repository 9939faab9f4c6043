import type { Texts } from '../../i18n/texts';

export const operatorsEn = {
  title: 'Operators',
  invite: 'Invite an operator',
  inviteTitle: 'Invite an operator',
  invited: 'Invitation created',
  enrolLink:
    'Send this single-use link to {{email}}: it sets their password, and they set up their authenticator at first sign-in. It is shown only now.',
  totp: 'Authenticator',
  enrolled: 'Set up',
  notEnrolled: 'Not yet',
  lastSignIn: 'Last sign-in',
  disable: 'Disable',
  enable: 'Enable',
  disableConfirm: 'Disable {{email}}? Their sessions end and they cannot sign in.',
  changeRoles: 'Change roles',
  rolesTitle: 'Roles of {{email}}',
  rolesHelp: 'A role change goes to a second admin for approval.',
  rolesRequired: 'Choose at least one role',
  status: { active: 'Active', disabled: 'Disabled', invited: 'Invited' },
};

export const operatorsZh: Texts<typeof operatorsEn> = {
  title: '操作员',
  invite: '邀请操作员',
  inviteTitle: '邀请操作员',
  invited: '邀请已创建',
  enrolLink: '请把这个一次性链接发给 {{email}}：用于设置密码，首次登录时再设置验证器。链接只显示这一次。',
  totp: '验证器',
  enrolled: '已设置',
  notEnrolled: '未设置',
  lastSignIn: '最近登录',
  disable: '停用',
  enable: '启用',
  disableConfirm: '停用 {{email}}？其会话将结束且无法登录。',
  changeRoles: '修改角色',
  rolesTitle: '{{email}} 的角色',
  rolesHelp: '角色变更需另一位管理员批准。',
  rolesRequired: '请至少选择一个角色',
  status: { active: '正常', disabled: '已停用', invited: '已邀请' },
};
