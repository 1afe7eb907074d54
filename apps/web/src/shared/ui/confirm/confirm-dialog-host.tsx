import { lazy, Suspense } from 'react';
import { useCurrentConfirm } from './confirm-store';

// Asked for only when something asks for a confirmation, so no page's first load carries it.
const ConfirmDialog = lazy(() => import('./confirm-dialog'));

export function ConfirmDialogHost() {
  const pending = useCurrentConfirm();
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog pending={pending} />
    </Suspense>
  );
}
