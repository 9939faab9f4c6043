/**
 * Every path the console asks the server, in one place, so a route renamed on the server is changed
 * here only. Paths are relative to ADMIN_API (the console cookie is scoped to it). Resource lists
 * (`GET <resource>`) are not listed: the data provider asks `ADMIN_API/<resource>` (or the
 * resource's `meta.apiPath`).
 */
export const ADMIN_API = '/api/v1/admin';

const id = (value: string | number) => encodeURIComponent(String(value));

export const API = {
  session: 'session',
  signIn: {
    password: 'auth/password',
    totpEnrol: 'auth/totp/enrol',
    totp: 'auth/totp',
    recovery: 'auth/recovery',
    passkeyOptions: 'auth/passkey/options',
    passkey: 'auth/passkey',
    enrol: 'auth/enrol',
    logout: 'auth/logout',
  },
  me: {
    sessions: 'me/sessions',
    session: (sessionId: string) => `me/sessions/${id(sessionId)}`,
    passkeys: 'me/passkeys',
    passkeyOptions: 'me/passkeys/options',
    passkey: (passkeyId: string) => `me/passkeys/${id(passkeyId)}`,
    recoveryCodes: 'me/recovery-codes',
  },
  dashboard: 'dashboard',
  dashboardSeries: 'dashboard/series',
  approvals: 'approvals',
  approval: (approvalId: string | number) => `approvals/${id(approvalId)}`,
  approve: (approvalId: string | number) => `approvals/${id(approvalId)}/approve`,
  reject: (approvalId: string | number) => `approvals/${id(approvalId)}/reject`,
  adjustments: (uid: string) => `users/${id(uid)}/adjustments`,
  settings: 'settings',
  setting: (key: string) => `settings/${id(key)}`,
  audit: 'audit',
  auditVerify: 'audit/verify',
  auditExport: 'audit/export.csv',
  operators: 'operators',
  operatorRoles: (operatorId: string) => `operators/${id(operatorId)}/roles`,
  operatorDisable: (operatorId: string) => `operators/${id(operatorId)}/disable`,
  operatorEnable: (operatorId: string) => `operators/${id(operatorId)}/enable`,
  apiKeys: 'api-keys',
  apiKey: (keyId: string) => `api-keys/${id(keyId)}`,
} as const;

/** The absolute URL of an admin API path; an absolute path ('/api/...') is kept as it is. */
export function adminUrl(path: string): string {
  return path.startsWith('/') ? path : `${ADMIN_API}/${path}`;
}
