import type { ComponentProps } from 'react';

/** Rows in one rounded card, a hairline between them: a ledger, a list of tasks, of feedback. */
export function CardList({ className = '', ...props }: ComponentProps<'ul'>) {
  return (
    <ul className={`mx-4 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface ${className}`} {...props} />
  );
}
