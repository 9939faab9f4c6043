import type { Permission } from '@wallet/contract';
import { agencyPermissions } from '../pages/agency';
import { booksPermissions } from '../pages/books';
import { nodePermissions } from '../pages/nodes';
import { opsPermissions } from '../pages/ops';
import { placementPermissions } from '../pages/placement';

/**
 * Which permission (packages/contract operator-permissions) each console resource × action needs:
 * the one table the access control provider reads to hide menu items and buttons. The server checks
 * the same permission on the route behind each of them; this only keeps the console from offering what
 * it would refuse. The operations pages' rows come from pages/ops (opsPermissions).
 */
export type PermissionTable = Record<string, Record<string, Permission>>;

const ownPermissions: PermissionTable = {
  dashboard: { list: 'dashboard.read' },
  approvals: { list: 'approvals.read', show: 'approvals.read', reject: 'approvals.read' },
  adjustments: { create: 'adjustments.make', list: 'adjustments.make' },
  audit: { list: 'audit.read', show: 'audit.read', verify: 'audit.read', export: 'audit.read' },
  settings: { list: 'settings.read', edit: 'settings.write' },
  operators: {
    list: 'operators.read',
    create: 'operators.write',
    roles: 'operators.write',
    disable: 'operators.write',
    enable: 'operators.write',
  },
  'api-keys': { list: 'api_keys.read', create: 'api_keys.write', delete: 'api_keys.write' },
  // Every operator has their own account page: its routes act on the caller's own sessions and passkeys.
  account: { list: 'dashboard.read' },
};

export const PERMISSION_TABLE: PermissionTable = {
  ...ownPermissions,
  ...opsPermissions,
  ...agencyPermissions,
  ...placementPermissions,
  ...nodePermissions,
  ...booksPermissions,
};

export function permissionFor(resource: string, action: string): Permission | undefined {
  return PERMISSION_TABLE[resource]?.[action];
}
