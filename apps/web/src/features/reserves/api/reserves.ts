import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type MyProofs,
  myProofsSchema,
  type PublicSnapshot,
  proofCheckReportBody,
  publicSnapshotSchema,
  snapshotHistoryItemSchema,
} from '@wallet/contract';
import { api } from '../../../lib/api';
import { ApiError, type ReplySchema } from '../../../lib/api-client';
import type { ProofReport } from '../auto-check';
import { reservesKeys } from './keys';

export const HISTORY_PAGE_SIZE = 10;

const historyItemsSchema = snapshotHistoryItemSchema.array();
export type SnapshotHistoryItem = ReturnType<typeof snapshotHistoryItemSchema.parse>;
export type SnapshotHistory = { items: SnapshotHistoryItem[]; total: number };

/** The history's page, { items, total }: the contract names its items' shape only. */
const historySchema: ReplySchema<SnapshotHistory> = {
  safeParse(data) {
    const reply = data as Partial<Record<'items' | 'total', unknown>> | null;
    const items = historyItemsSchema.safeParse(reply?.items);
    if (!items.success || !Number.isSafeInteger(reply?.total)) return { success: false };
    return { success: true, data: { items: items.data, total: reply?.total as number } };
  },
};

/** The latest published snapshot; null before the first one (the server's RESERVES_SNAPSHOT_NOT_FOUND). */
export function getLatestSnapshot(signal?: AbortSignal): Promise<PublicSnapshot | null> {
  return api.get('/api/v1/reserves', { signal, schema: publicSnapshotSchema }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'RESERVES_SNAPSHOT_NOT_FOUND') return null;
    throw error;
  });
}

export function getSnapshot(id: string, signal?: AbortSignal): Promise<PublicSnapshot> {
  return api.get(`/api/v1/reserves/${encodeURIComponent(id)}`, { signal, schema: publicSnapshotSchema });
}

export function getHistory(offset: number, limit: number, signal?: AbortSignal): Promise<SnapshotHistory> {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  return api.get(`/api/v1/reserves/history?${query}`, { signal, schema: historySchema });
}

export function getMyProofs(signal?: AbortSignal): Promise<MyProofs> {
  return api.get('/api/v1/reserves/mine', { signal, schema: myProofsSchema });
}

/** What the app's check found, failures included; checked against the contract before it is sent. */
export async function reportChecks(report: ProofReport): Promise<void> {
  await api.post('/api/v1/reserves/mine/checks', proofCheckReportBody.parse(report));
}

/** The snapshot `id`, or the latest one when no id is given (null when none is published yet). */
export function usePublicSnapshot(id: string | null) {
  return useQuery({
    queryKey: id ? reservesKeys.snapshot(id) : reservesKeys.latest,
    queryFn: ({ signal }) => (id ? getSnapshot(id, signal) : getLatestSnapshot(signal)),
  });
}

/** Published snapshots, newest first, a page at a time. */
export function useSnapshotHistory() {
  return useInfiniteQuery({
    queryKey: reservesKeys.history,
    queryFn: ({ pageParam, signal }) => getHistory(pageParam, HISTORY_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((n, page) => n + page.items.length, 0);
      return read < last.total && last.items.length > 0 ? read : undefined;
    },
  });
}

export function useMyProofs() {
  return useQuery({ queryKey: reservesKeys.mine, queryFn: ({ signal }) => getMyProofs(signal) });
}
