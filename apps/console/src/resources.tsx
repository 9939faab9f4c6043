import {
  AppstoreOutlined,
  BookOutlined,
  CheckSquareOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  EditOutlined,
  FileTextOutlined,
  FundOutlined,
  KeyOutlined,
  ReadOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import { GROUP, GROUP_LABELS } from './layout/groups';
import { agencyResources } from './pages/agency';
import { booksResources } from './pages/books';
import { nodeResources } from './pages/nodes';
import { opsResources } from './pages/ops';
import { placementResources } from './pages/placement';

const groupIcons = {
  [GROUP.overview]: <AppstoreOutlined />,
  [GROUP.money]: <DollarOutlined />,
  [GROUP.members]: <UserOutlined />,
  [GROUP.cards]: <CreditCardOutlined />,
  [GROUP.content]: <ReadOutlined />,
  [GROUP.support]: <CustomerServiceOutlined />,
  [GROUP.agency]: <ShareAltOutlined />,
  [GROUP.placement]: <FundOutlined />,
  [GROUP.books]: <BookOutlined />,
  [GROUP.administration]: <SettingOutlined />,
};

const groups: ResourceProps[] = Object.values(GROUP).map((name) => ({
  name,
  meta: { labelKey: GROUP_LABELS[name], icon: groupIcons[name] },
}));

/** The console's own pages; the operations pages come from pages/ops. */
const own: ResourceProps[] = [
  { name: 'dashboard', list: '/', meta: { parent: GROUP.overview, labelKey: 'dashboard.title', icon: <DashboardOutlined /> } },
  {
    name: 'approvals',
    list: '/approvals',
    show: '/approvals/:id',
    meta: { parent: GROUP.overview, labelKey: 'approvals.title', icon: <CheckSquareOutlined /> },
  },
  { name: 'adjustments', list: '/adjustments', meta: { parent: GROUP.money, labelKey: 'adjustments.menu', icon: <EditOutlined /> } },
  { name: 'operators', list: '/operators', meta: { parent: GROUP.administration, labelKey: 'operators.title', icon: <TeamOutlined /> } },
  { name: 'api-keys', list: '/api-keys', meta: { parent: GROUP.administration, labelKey: 'apiKeys.title', icon: <KeyOutlined /> } },
  { name: 'settings', list: '/settings', meta: { parent: GROUP.administration, labelKey: 'settings.title', icon: <SettingOutlined /> } },
  { name: 'audit', list: '/audit', meta: { parent: GROUP.administration, labelKey: 'audit.title', icon: <FileTextOutlined /> } },
  { name: 'account', list: '/account', meta: { labelKey: 'account.title', hide: true } },
];

/** Every resource, groups first so the menu keeps their order. */
export const RESOURCES: ResourceProps[] = [
  ...groups,
  ...own,
  ...opsResources,
  ...agencyResources,
  ...placementResources,
  ...nodeResources,
  ...booksResources,
];

/** Resources with their menu labels in the current language (Refine shows `meta.label` as it is). */
export function translatedResources(t: (key: string) => string): ResourceProps[] {
  return RESOURCES.map((resource) => {
    const key = resource.meta?.labelKey;
    return typeof key === 'string' ? { ...resource, meta: { ...resource.meta, label: t(key) } } : resource;
  });
}
