import type { AccessControlProvider, ResourceProps } from '@refinedev/core';
import type { Permission } from '@wallet/contract';
import { permissionFor } from '../access/permission-table';
import { currentSession, loadSession } from '../lib/session';

/**
 * Refine's access control provider: `can` answers from the permissions GET session listed for the
 * signed-in operator, through the console's permission table (access/permission-table.ts). A menu
 * group (a resource with no page of its own) is shown when the operator may open one of its pages.
 * Approving an approval request depends on its kind and on who made it: the server says so in the
 * request's `canDecide`, which the approvals page reads instead of asking here.
 * Anything the table does not name is refused: a page or button added without its permission stays hidden.
 */
export function createAccessControlProvider(resources: readonly ResourceProps[]): AccessControlProvider {
  const childrenOf = (group: string) => resources.filter((resource) => resource.meta?.parent === group);

  const allowed = (permissions: readonly Permission[], resource: string, action: string): boolean => {
    const permission = permissionFor(resource, action);
    if (permission) return permissions.includes(permission);
    const children = childrenOf(resource);
    if (action === 'list' && children.length > 0) return children.some((child) => allowed(permissions, child.name, 'list'));
    if (import.meta.env.DEV) console.warn(`No permission is named for ${resource}.${action}: hidden`);
    return false;
  };

  return {
    async can({ resource, action }) {
      if (!resource) return { can: false };
      const session = currentSession() ?? (await loadSession());
      return { can: allowed(session.permissions, resource, action) };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
