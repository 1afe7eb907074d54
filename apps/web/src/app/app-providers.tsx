import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ChallengeSheetHost } from '../shared/challenge/challenge-sheet';
import { ConfirmDialogHost } from '../shared/ui/confirm/confirm-dialog-host';
import { Toaster } from '../shared/ui/toast/toaster';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <ConfirmDialogHost />
      <ChallengeSheetHost />
    </QueryClientProvider>
  );
}
