import type { ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import type { ReactElement } from 'react';

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
export const opsResources: ResourceProps[] = [];

export const opsPermissions: Record<string, Record<string, Permission>> = {};

export const opsRoutes: ReactElement = <></>;
