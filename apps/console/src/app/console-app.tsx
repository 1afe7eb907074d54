import { useState } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { isApiError } from '../shared/api/api-error';
import { Providers } from './providers';
import { createConsoleRouter } from './router';

function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache(),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on its own; only failures to reach the server are retried.
        retry: (failures, error) => failures < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
    },
  });
}

export function ConsoleApp() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createConsoleRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>
  );
}
