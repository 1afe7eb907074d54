import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already retries (2 times, doubling delay); a second layer would
        // turn one failure into nine requests.
        retry: false,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
