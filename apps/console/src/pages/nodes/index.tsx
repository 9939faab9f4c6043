import { ClusterOutlined, GiftOutlined, SolutionOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { GROUP } from '../../layout/groups';
import { lazyPage } from '../placement';

/** The node pages (issue 44): large-node applications, holders and D-pool periods, in the Sale and nodes group. */
export const nodeResources: ResourceProps[] = [
  {
    name: 'nodes-applications',
    list: '/nodes/applications',
    meta: { parent: GROUP.placement, labelKey: 'nodes.menu.applications', icon: <SolutionOutlined /> },
  },
  {
    name: 'nodes-holders',
    list: '/nodes/holders',
    meta: { parent: GROUP.placement, labelKey: 'nodes.menu.holders', icon: <ClusterOutlined /> },
  },
  {
    name: 'nodes-dpool',
    list: '/nodes/dpool',
    show: '/nodes/dpool/:id',
    meta: { parent: GROUP.placement, labelKey: 'nodes.menu.dpool', icon: <GiftOutlined /> },
  },
];

export const nodePermissions: Record<string, Record<string, Permission>> = {
  'nodes-applications': { list: 'nodes.read', decide: 'nodes.applications' },
  'nodes-holders': { list: 'nodes.read' },
  'nodes-dpool': { list: 'nodes.read', show: 'nodes.read', create: 'nodes.dpool' },
};

export const nodeRoutes: ReactElement = (
  <>
    <Route path="nodes/applications" element={lazyPage(() => import('./applications'), 'ApplicationListPage')} />
    <Route path="nodes/holders" element={lazyPage(() => import('./holders'), 'HolderListPage')} />
    <Route path="nodes/dpool" element={lazyPage(() => import('./dpool-list'), 'DpoolListPage')} />
    <Route path="nodes/dpool/:id" element={lazyPage(() => import('./dpool-show'), 'DpoolShowPage')} />
  </>
);
