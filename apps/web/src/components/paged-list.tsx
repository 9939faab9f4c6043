import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDrawnInTransition } from '../lib/use-drawn-in-transition';
import { useErrorText } from '../lib/use-error-text';
import { ErrorState } from './error-state';
import { LoadMore } from './load-more';
import { LoadingState } from './loading-state';

type Props<P, I> = {
  pages: UseInfiniteQueryResult<InfiniteData<P>>;
  itemsOf: (page: P) => I[];
  errorTitle: ReactNode;
  /** Shown when the first page holds nothing. */
  empty: ReactNode;
  /** The line under the last item. */
  endText: string;
  rows?: number;
  compact?: boolean;
  children: (items: I[]) => ReactNode;
};

/** A list read a page at a time: placeholder, retryable failure, empty state, or the items with the next page loading at the end. */
export function PagedList<P, I>({ pages, itemsOf, errorTitle, empty, endText, rows = 8, compact, children }: Props<P, I>) {
  const errorText = useErrorText();
  const drawn = useDrawnInTransition(pages.data !== undefined);
  if (pages.isPending || (pages.data && !drawn)) return <LoadingState rows={rows} />;
  if (pages.isError && !pages.data) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorText(pages.error)}
        onRetry={() => void pages.refetch()}
        retrying={pages.isFetching}
        compact={compact}
      />
    );
  }
  const items = pages.data.pages.flatMap(itemsOf);
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      <LoadMore pages={pages} endText={endText} />
    </>
  );
}
