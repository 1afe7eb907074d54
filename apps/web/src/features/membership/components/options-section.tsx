import type { ReactNode } from 'react';
import { InlineError } from '../../../shared/ui/inline-error';

interface OptionsQuery<T> {
  isPending: boolean;
  error: unknown;
  data: readonly T[] | undefined;
  refetch: () => Promise<unknown>;
}

interface OptionsSectionProps<T> {
  /** The heading's id: it names the choice's radio group. */
  id: string;
  title: string;
  query: OptionsQuery<T>;
  /** What failed, in the page's words ("Could not load the plans"). */
  failedTitle: string;
  /** Said when there are none on offer. */
  noneText: string;
  loading?: ReactNode;
  groupClassName?: string;
  /** The options; without them the section only says what keeps the choice from being made. */
  children?: (items: readonly T[]) => ReactNode;
}

/** A titled choice of the buying pages (the plans, the channels): loading, failed, none on offer, or the options. */
export function OptionsSection<T>({
  id,
  title,
  query,
  failedTitle,
  noneText,
  loading,
  groupClassName,
  children,
}: OptionsSectionProps<T>) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="px-1 pb-3 text-lg font-bold tracking-tight">
        {title}
      </h2>
      {query.isPending ? (
        loading
      ) : query.error || !query.data ? (
        <InlineError title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-fg-muted">{noneText}</p>
      ) : (
        children && (
          <div role="radiogroup" aria-labelledby={id} className={groupClassName}>
            {children(query.data)}
          </div>
        )
      )}
    </section>
  );
}
