/**
 * The console's one permission table (ADR 0034): which roles may do what. The server enforces it on
 * every /api/v1/admin route (each route names its permission); the console reads the signed-in
 * operator's permissions from the server to hide what they may not do. Auditors read everything and
 * change nothing; every `.read` permission lists them.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'compliance', 'admin', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const everyone: readonly OperatorRole[] = OPERATOR_ROLES;

export const PERMISSIONS = {
  'dashboard.read': everyone,
  'approvals.read': everyone,
  'members.read': everyone,
  'members.lock': ['compliance'],
  'members.note': ['support', 'compliance', 'finance'],
  'tickets.read': ['support', 'admin', 'auditor'],
  'tickets.reply': ['support'],
  'content.read': ['support', 'admin', 'auditor'],
  'content.write': ['admin'],
  'releases.read': ['admin', 'auditor'],
  'releases.write': ['admin'],
  'withdrawals.read': ['finance', 'compliance', 'auditor'],
  'withdrawals.decide': ['finance'],
  'deposits.read': ['finance', 'auditor'],
  'deposits.assign': ['finance'],
  'payout.read': ['finance', 'auditor'],
  'payout.decide': ['finance'],
  'payout.settings': ['finance'],
  'adjustments.make': ['finance'],
  'rates.read': ['finance', 'admin', 'auditor'],
  'rates.write': ['finance'],
  'kyc.read': ['compliance'],
  'cards.read': ['support', 'finance', 'compliance', 'admin', 'auditor'],
  'cards.freeze': ['compliance'],
  'card_products.read': ['admin', 'finance', 'auditor'],
  'card_products.write': ['admin'],
  'operators.read': ['admin', 'auditor'],
  'operators.write': ['admin'],
  'api_keys.read': ['admin', 'auditor'],
  'api_keys.write': ['admin'],
  'settings.read': ['admin', 'finance', 'auditor'],
  'settings.write': ['admin'],
  'audit.read': ['admin', 'compliance', 'auditor'],
  'agency.read': everyone,
  'agency.roles': ['admin', 'compliance'],
  'agency.rates': ['finance'],
  'agency.tickets': ['finance', 'admin'],
  'agency.reviews': ['compliance'],
  'placement.read': everyone,
  'placement.rounds': ['finance', 'admin'],
  'nodes.read': everyone,
  'nodes.applications': ['finance', 'compliance'],
  'nodes.dpool': ['finance'],
  /** Reconciliation runs and breaks, proof-of-reserves snapshots and the members' failed checks. */
  'books.read': ['finance', 'admin', 'compliance', 'auditor'],
  /** Starting a run or a snapshot by hand. */
  'books.run': ['finance', 'admin'],
  /** Accepting a break with a note, or asking (and approving, as a second operator) a booking that fixes it. */
  'books.resolve': ['finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function rolesAllow(roles: readonly OperatorRole[], permission: Permission): boolean {
  const allowed: readonly OperatorRole[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

/** What a set of roles may do, in the table's order: the console shows exactly these. */
export function permissionsOf(roles: readonly OperatorRole[]): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => rolesAllow(roles, permission));
}
