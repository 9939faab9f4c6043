import { useQuery } from '@tanstack/react-query';
import { type AgencySummary, agencySummarySchema, type EarningsSeries, earningsSeriesSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { invitationKeys } from './keys';

export function getAgencySummary({ signal }: { signal?: AbortSignal } = {}): Promise<AgencySummary> {
  return api.get('/api/v1/agency/summary', { signal, schema: agencySummarySchema });
}

export function getEarnings({ signal }: { signal?: AbortSignal } = {}): Promise<EarningsSeries> {
  return api.get('/api/v1/agency/earnings', { signal, schema: earningsSeriesSchema });
}

/** The agency centre's figures: role, team, tickets and earnings per currency. */
export function useAgencySummary() {
  return useQuery({ queryKey: invitationKeys.summary, queryFn: ({ signal }) => getAgencySummary({ signal }) });
}

/** Earnings per UTC day, the last 30 days. */
export function useEarnings() {
  return useQuery({ queryKey: invitationKeys.earnings, queryFn: ({ signal }) => getEarnings({ signal }) });
}
