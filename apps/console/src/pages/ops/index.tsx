import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  FolderOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  RocketOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Route } from 'react-router';
import { GROUP } from '../../layout/groups';
import { OPS_API } from './api';

/**
 * The operations pages (helper D2): members, withdrawals, deposits, payout, rates, card products,
 * KYC, cards, help content, releases, tickets. App.tsx mounts exactly these three exports:
 *
 * - `opsResources`: Refine resources. `name` is the API resource under /api/v1/admin (the data
 *   provider asks `GET /api/v1/admin/<name>`; set `meta.apiPath` when the route differs, e.g.
 *   'deposits/unattributed'). `list`/`show`/`edit`/`create` are hash-router paths ('/withdrawals',
 *   '/withdrawals/:id'). `meta.parent` is one of the menu groups in layout/groups.ts (GROUP.money,
 *   …); `meta.labelKey` is the i18n key of the menu label (App translates it into `meta.label`);
 *   `meta.icon` an @ant-design/icons element.
 * - `opsPermissions`: for each resource name, action → permission (packages/contract PERMISSIONS),
 *   merged into access/permission-table.ts. Every action a page checks with useCan / CanAccess /
 *   Refine's buttons must be here (list, show, edit, create, and custom ones such as 'approve').
 *   A resource or action missing here is hidden.
 * - `opsRoutes`: a fragment of react-router <Route> elements, mounted inside the signed-in layout;
 *   paths relative, without the leading slash ('withdrawals', 'withdrawals/:id').
 */
export const opsResources: ResourceProps[] = [
  {
    name: 'members',
    list: '/members',
    show: '/members/:id',
    meta: { parent: GROUP.members, labelKey: 'ops.members.title', icon: <IdcardOutlined /> },
  },
  {
    name: 'withdrawals',
    list: '/withdrawals',
    meta: { parent: GROUP.money, labelKey: 'ops.withdrawals.title', icon: <ArrowUpOutlined /> },
  },
  { name: 'deposits', list: '/deposits', meta: { parent: GROUP.money, labelKey: 'ops.deposits.title', icon: <ArrowDownOutlined /> } },
  { name: 'payout', list: '/payout', meta: { parent: GROUP.money, labelKey: 'ops.payout.title', icon: <SwapOutlined /> } },
  { name: 'rates', list: '/rates', meta: { parent: GROUP.money, labelKey: 'ops.rates.title', icon: <LineChartOutlined /> } },
  { name: 'cards', list: '/cards', meta: { parent: GROUP.cards, labelKey: 'ops.cards.title', icon: <CreditCardOutlined /> } },
  {
    name: 'card-products',
    list: '/card-products',
    meta: { parent: GROUP.cards, labelKey: 'ops.cardProducts.title', icon: <ProfileOutlined /> },
  },
  {
    name: 'help-articles',
    list: '/help/articles',
    create: '/help/articles/create',
    edit: '/help/articles/:id/edit',
    meta: { parent: GROUP.content, labelKey: 'ops.help.articles', icon: <NotificationOutlined />, apiPath: OPS_API.helpArticles },
  },
  {
    name: 'help-categories',
    list: '/help/categories',
    meta: { parent: GROUP.content, labelKey: 'ops.help.categories', icon: <FolderOutlined /> },
  },
  {
    name: 'help-service',
    list: '/help/service',
    meta: { parent: GROUP.content, labelKey: 'ops.help.service', icon: <CustomerServiceOutlined /> },
  },
  { name: 'releases', list: '/releases', meta: { parent: GROUP.content, labelKey: 'ops.releases.title', icon: <RocketOutlined /> } },
  {
    name: 'tickets',
    list: '/tickets',
    show: '/tickets/:id',
    meta: { parent: GROUP.support, labelKey: 'ops.tickets.title', icon: <MessageOutlined /> },
  },
];

export const opsPermissions: Record<string, Record<string, Permission>> = {
  members: {
    list: 'members.read',
    show: 'members.read',
    note: 'members.note',
    lock: 'members.lock',
    unlock: 'members.lock',
    kyc: 'kyc.read',
  },
  withdrawals: { list: 'withdrawals.read', approve: 'withdrawals.decide', reject: 'withdrawals.decide' },
  deposits: { list: 'deposits.read', assign: 'deposits.assign' },
  payout: { list: 'payout.read', decide: 'payout.decide', settings: 'payout.settings' },
  rates: { list: 'rates.read', edit: 'rates.write' },
  cards: { list: 'cards.read', freeze: 'cards.freeze' },
  'card-products': { list: 'card_products.read', create: 'card_products.write', edit: 'card_products.write' },
  'help-articles': { list: 'content.read', create: 'content.write', edit: 'content.write', unpublish: 'content.write' },
  'help-categories': { list: 'content.read', create: 'content.write', edit: 'content.write' },
  'help-service': { list: 'content.read', edit: 'content.write' },
  releases: { list: 'releases.read', create: 'releases.write', edit: 'releases.write' },
  tickets: { list: 'tickets.read', show: 'tickets.read', reply: 'tickets.reply', assign: 'tickets.reply', close: 'tickets.reply' },
};

/** Each page in its own chunk, loaded when first opened (the help editor brings react-markdown). */
function page<T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T): ReactElement {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Page />
    </Suspense>
  );
}

export const opsRoutes: ReactElement = (
  <>
    <Route path="members" element={page(() => import('./members/list'), 'MemberList')} />
    <Route path="members/:id" element={page(() => import('./members/show'), 'MemberShow')} />
    <Route path="withdrawals" element={page(() => import('./withdrawals/list'), 'WithdrawalList')} />
    <Route path="deposits" element={page(() => import('./deposits/list'), 'DepositList')} />
    <Route path="payout" element={page(() => import('./payout/list'), 'PayoutPage')} />
    <Route path="rates" element={page(() => import('./rates/list'), 'RatesPage')} />
    <Route path="cards" element={page(() => import('./cards/list'), 'CardList')} />
    <Route path="card-products" element={page(() => import('./cards/products'), 'CardProductList')} />
    <Route path="help/articles" element={page(() => import('./help/articles'), 'HelpArticleList')} />
    <Route path="help/articles/create" element={page(() => import('./help/article-edit'), 'HelpArticleCreate')} />
    <Route path="help/articles/:id/edit" element={page(() => import('./help/article-edit'), 'HelpArticleEdit')} />
    <Route path="help/categories" element={page(() => import('./help/categories'), 'HelpCategoryList')} />
    <Route path="help/service" element={page(() => import('./help/service'), 'HelpServicePage')} />
    <Route path="releases" element={page(() => import('./releases/list'), 'ReleaseList')} />
    <Route path="tickets" element={page(() => import('./tickets/list'), 'TicketList')} />
    <Route path="tickets/:id" element={page(() => import('./tickets/show'), 'TicketShow')} />
  </>
);
