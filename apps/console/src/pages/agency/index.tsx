import { AlertOutlined, ApartmentOutlined, FlagOutlined, PercentageOutlined, TagsOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Route } from 'react-router';
import { GROUP } from '../../layout/groups';

/**
 * The agency programme's pages (issue 43), mounted by App.tsx as the ops pages are: resources in the
 * Agency menu group, the permission of each action a page checks, and the routes.
 */
export const agencyResources: ResourceProps[] = [
  {
    name: 'agency-members',
    list: '/agency/members',
    meta: { parent: GROUP.agency, labelKey: 'agency.menu.members', icon: <ApartmentOutlined /> },
  },
  {
    name: 'agency-rates',
    list: '/agency/rates',
    meta: { parent: GROUP.agency, labelKey: 'agency.menu.rates', icon: <PercentageOutlined /> },
  },
  { name: 'agency-tasks', list: '/agency/tasks', meta: { parent: GROUP.agency, labelKey: 'agency.menu.tasks', icon: <FlagOutlined /> } },
  {
    name: 'agency-tickets',
    list: '/agency/tickets',
    meta: { parent: GROUP.agency, labelKey: 'agency.menu.tickets', icon: <TagsOutlined /> },
  },
  {
    name: 'agency-reviews',
    list: '/agency/reviews',
    meta: { parent: GROUP.agency, labelKey: 'agency.menu.reviews', icon: <AlertOutlined /> },
  },
];

export const agencyPermissions: Record<string, Record<string, Permission>> = {
  'agency-members': { list: 'agency.read', role: 'agency.roles', grant: 'agency.tickets' },
  'agency-rates': { list: 'agency.read', create: 'agency.rates' },
  'agency-tasks': { list: 'agency.read', create: 'agency.rates', end: 'agency.rates' },
  'agency-tickets': { list: 'agency.read' },
  'agency-reviews': { list: 'agency.read', decide: 'agency.reviews' },
};

function page<T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T): ReactElement {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Page />
    </Suspense>
  );
}

export const agencyRoutes: ReactElement = (
  <>
    <Route path="agency/members" element={page(() => import('./members'), 'AgencyMemberPage')} />
    <Route path="agency/rates" element={page(() => import('./rates'), 'AgencyRatesPage')} />
    <Route path="agency/tasks" element={page(() => import('./tasks'), 'AgencyTaskPage')} />
    <Route path="agency/tickets" element={page(() => import('./tickets'), 'AgencyTicketPage')} />
    <Route path="agency/reviews" element={page(() => import('./reviews'), 'AgencyReviewPage')} />
  </>
);
