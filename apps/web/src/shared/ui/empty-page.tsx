import type { ComponentProps, ReactNode } from 'react';
import { EmptyState } from './empty-state';

type EmptyPageProps = Omit<ComponentProps<typeof EmptyState>, 'className'> & { header: ReactNode };

/** A sub-page with nothing to show: its top bar, and one empty state in the middle of the rest. */
export function EmptyPage({ header, ...state }: EmptyPageProps) {
  return (
    <div className="flex flex-1 flex-col">
      {header}
      <EmptyState {...state} className="flex-1 justify-center" />
    </div>
  );
}
