import { FundOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Route } from 'react-router';
import { GROUP } from '../../layout/groups';

/**
 * The placement rounds' pages (issue 44), mounted as the agency pages are: the resource in the
 * Sale and nodes menu group, the permission of each action a page checks, and the routes.
 */
export const placementResources: ResourceProps[] = [
  {
    name: 'placement-rounds',
    list: '/placement/rounds',
    create: '/placement/rounds/new',
    show: '/placement/rounds/:id',
    edit: '/placement/rounds/:id/edit',
    meta: { parent: GROUP.placement, labelKey: 'placement.menu.rounds', icon: <FundOutlined /> },
  },
];

export const placementPermissions: Record<string, Record<string, Permission>> = {
  'placement-rounds': {
    list: 'placement.read',
    show: 'placement.read',
    create: 'placement.rounds',
    edit: 'placement.rounds',
    close: 'placement.rounds',
  },
};

export function lazyPage<T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T): ReactElement {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Page />
    </Suspense>
  );
}

export const placementRoutes: ReactElement = (
  <>
    <Route path="placement/rounds" element={lazyPage(() => import('./round-list'), 'RoundListPage')} />
    <Route path="placement/rounds/new" element={lazyPage(() => import('./round-form'), 'RoundCreatePage')} />
    <Route path="placement/rounds/:id" element={lazyPage(() => import('./round-show'), 'RoundShowPage')} />
    <Route path="placement/rounds/:id/edit" element={lazyPage(() => import('./round-form'), 'RoundEditPage')} />
  </>
);
