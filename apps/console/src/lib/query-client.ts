import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache, given to Refine, so signing in and out can drop what the previous operator's
 * session read (their lists and their permission answers).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused or failed request is shown at once: retrying a 403 or a 4xx never helps, and the
      // operator has a Retry button for a network failure.
      retry: false,
      refetchOnWindowFocus: false,
    },
  },
});
