import type { ReactNode } from 'react';
import { PageHeader } from '../../../shared/ui/page-header';

/** A page opened from the settings list: its title, and Back to the list. */
export function SettingsSubpage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={title} fallback="/settings" />
      {children}
    </div>
  );
}
