import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorized } from './http.ts';
import { handleUnauthorized } from './session-expired.ts';

/**
 * The data cache's defaults (docs/architecture.md §6): never stale, no refetch on focus,
 * no polling, no retries. A 401 from any query or mutation logs the user out (toast, then
 * redirect after 500 ms), except the session check itself, which treats 401 as "signed out".
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // Signing in answers 401 for a wrong password: that is not a lost session.
        if (isUnauthorized(error) && !mutation.meta?.ignoreUnauthorized) handleUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
