import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDrawnInTransition } from '../lib/use-drawn-in-transition';
import { useErrorText } from '../lib/use-error-text';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

type Props<T> = {
  query: UseQueryResult<T>;
  errorTitle: ReactNode;
  /** How many placeholder lines stand in while it loads. */
  rows?: number;
  compact?: boolean;
  children: (data: T) => ReactNode;
};

/** Placeholder while a query loads, a retryable failure if it fails, and its data otherwise. */
export function QueryGate<T>({ query, errorTitle, rows, compact, children }: Props<T>) {
  const errorText = useErrorText();
  const drawn = useDrawnInTransition(query.data !== undefined);
  if (query.isPending || (query.isSuccess && !drawn)) return <LoadingState rows={rows} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorText(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        compact={compact}
      />
    );
  }
  return children(query.data);
}
