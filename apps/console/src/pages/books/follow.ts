import { useCustom } from '@refinedev/core';
import type { ReconRun } from '@wallet/contract';
import { useEffect, useState } from 'react';
import { BOOKS_API } from './api';

/** How often a run that is still going is asked again. */
const POLL_MS = 1500;

/** A reply that is the record itself or holds it under `key` (`{ run }`), read the same. */
export function unwrap<T extends object>(reply: unknown, key: string): T | undefined {
  if (!reply || typeof reply !== 'object') return undefined;
  const inner = (reply as Record<string, unknown>)[key];
  return (inner && typeof inner === 'object' ? inner : reply) as T;
}

/**
 * The run an operator started here, asked again until it is completed or failed (POST runs answers at
 * once with the run still running); `onEnd` is called once when it ends, so the list shows it.
 */
export function useFollowedRun(onEnd: () => void) {
  const [runId, setRunId] = useState<string | null>(null);
  const { query } = useCustom<Record<string, unknown>>({
    url: BOOKS_API.run(runId ?? ''),
    method: 'get',
    errorNotification: false,
    queryOptions: {
      enabled: runId !== null,
      refetchInterval: (q) => (unwrap<ReconRun>(q.state.data?.data, 'run')?.status === 'running' ? POLL_MS : false),
    },
  });
  const run = runId ? unwrap<ReconRun>(query.data?.data, 'run') : undefined;
  const ended = run !== undefined && run.id === runId && run.status !== 'running';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per run that ends, not per render of the page.
  useEffect(() => {
    if (ended) onEnd();
  }, [ended, runId]);
  return { run: run?.id === runId ? run : undefined, follow: setRunId, error: query.isError ? query.error : null };
}
