import { accountZh } from '../pages/account/texts';
import { adjustmentsZh } from '../pages/adjustments/texts';
import { agencyZh } from '../pages/agency/texts';
import { apiKeysZh } from '../pages/api-keys/texts';
import { approvalsZh } from '../pages/approvals/texts';
import { auditZh } from '../pages/audit/texts';
import { booksZh } from '../pages/books/texts';
import { dashboardZh } from '../pages/dashboard/texts';
import { nodesZh } from '../pages/nodes/texts';
import { operatorsZh } from '../pages/operators/texts';
import { placementZh } from '../pages/placement/texts';
import { settingsZh } from '../pages/settings/texts';
import { signInZh } from '../pages/sign-in/texts';
import type { en } from './en';
import type { Texts } from './texts';

/** The console's Chinese texts: exactly the keys of en.ts. */
export const zh: Texts<typeof en> = {
  buttons: {
    create: '新建',
    save: '保存',
    logout: '退出登录',
    delete: '删除',
    edit: '编辑',
    cancel: '取消',
    confirm: '确定吗？',
    filter: '筛选',
    clear: '清除',
    refresh: '刷新',
    show: '查看',
    undo: '撤销',
    import: '导入',
    clone: '复制',
    list: '列表',
    notAccessTitle: '您没有执行此操作的权限',
  },
  actions: { list: '列表', create: '新建', edit: '编辑', show: '详情', clone: '复制' },
  notifications: {
    success: '完成',
    error: '出错了（状态码：{{statusCode}}）',
    undoable: '您有 {{seconds}} 秒可以撤销',
    createSuccess: '已创建',
    createError: '无法创建 {{resource}}（状态码：{{statusCode}}）',
    deleteSuccess: '已删除',
    deleteError: '无法删除 {{resource}}（状态码：{{statusCode}}）',
    editSuccess: '已保存',
    editError: '无法保存 {{resource}}（状态码：{{statusCode}}）',
    importProgress: '正在导入：{{processed}}/{{total}}',
  },
  pages: {
    error: {
      info: '{{resource}} 资源可能缺少 {{action}} 组件。',
      404: '抱歉，您访问的页面不存在。',
      resource404: '{{resource}} 资源是否已创建？',
      backHome: '返回仪表盘',
    },
  },
  table: { actions: '操作' },
  warnWhenUnsavedChanges: '离开此页面？您的更改尚未保存。',
  documentTitle: { default: 'SBC 钱包控制台', suffix: ' | SBC 钱包控制台' },
  common: {
    appName: 'SBC 钱包控制台',
    loading: '加载中…',
    empty: '暂无数据',
    retry: '重试',
    loadFailed: '加载失败',
    copy: '复制',
    copied: '已复制',
    done: '完成',
    yes: '是',
    no: '否',
    none: '—',
    search: '搜索',
    status: '状态',
    reason: '原因',
    createdAt: '创建时间',
    updatedAt: '更新时间',
    roles: '角色',
    email: '邮箱',
    networkError: '无法连接服务器，请检查网络后重试。',
    forbidden: '您没有查看此页面的权限。',
  },
  roles: {
    support: '客服',
    finance: '财务',
    compliance: '合规',
    admin: '管理员',
    auditor: '审计',
  },
  groups: {
    overview: '概览',
    money: '资金',
    members: '会员',
    cards: '卡片',
    content: '内容',
    support: '客服',
    agency: '代理计划',
    placement: '私募与节点',
    books: '账务核对',
    administration: '系统管理',
  },
  header: {
    language: '语言',
    myAccount: '我的账号',
    signOut: '退出登录',
  },
  signIn: signInZh,
  dashboard: dashboardZh,
  approvals: approvalsZh,
  agency: agencyZh,
  placement: placementZh,
  nodes: nodesZh,
  books: booksZh,
  adjustments: adjustmentsZh,
  audit: auditZh,
  settings: settingsZh,
  operators: operatorsZh,
  apiKeys: apiKeysZh,
  account: accountZh,
};
