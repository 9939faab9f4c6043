/** Every admin API path of the placement and node pages, relative to /api/v1/admin (lib/http.ts adds it). */
const id = (value: string | number) => encodeURIComponent(String(value));

export const PLACEMENT_API = {
  rounds: 'placement/rounds',
  round: (roundId: string) => `placement/rounds/${id(roundId)}`,
  roundClose: (roundId: string) => `placement/rounds/${id(roundId)}/close`,
  applications: 'nodes/applications',
  applicationApprove: (applicationId: string) => `nodes/applications/${id(applicationId)}/approve`,
  applicationReject: (applicationId: string) => `nodes/applications/${id(applicationId)}/reject`,
  holders: 'nodes/holders',
  dpoolPeriods: 'nodes/dpool-periods',
  dpoolPeriod: (periodId: string) => `nodes/dpool-periods/${id(periodId)}`,
} as const;
