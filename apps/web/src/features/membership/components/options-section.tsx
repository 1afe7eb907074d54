import { useId, type ReactNode } from 'react';
import { useTranslation, type TranslationKey } from '../../../shared/i18n/i18n';
import { InlineError } from '../../../shared/ui/inline-error';

const TEXT: Record<'plans' | 'channels', { title: TranslationKey; failed: TranslationKey; none: TranslationKey }> = {
  plans: { title: 'membership.plansTitle', failed: 'membership.planLoadFailed', none: 'membership.noPlans' },
  channels: { title: 'membership.channelsTitle', failed: 'membership.channelLoadFailed', none: 'membership.noChannels' },
};

interface OptionsQuery<T> {
  isPending: boolean;
  error: unknown;
  data: readonly T[] | undefined;
  refetch: () => Promise<unknown>;
}

interface OptionsSectionProps<T> {
  of: keyof typeof TEXT;
  query: OptionsQuery<T>;
  loading?: ReactNode;
  groupClassName?: string;
  /** The options; without them the section only says what keeps the choice from being made. */
  children?: (items: readonly T[]) => ReactNode;
}

/** A titled choice of the buying pages (the plans, the channels): loading, failed, none on offer, or the options. */
export function OptionsSection<T>({ of, query, loading, groupClassName, children }: OptionsSectionProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const text = TEXT[of];
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="px-1 pb-3 text-lg font-bold tracking-tight">
        {t(text.title)}
      </h2>
      {query.isPending ? (
        loading
      ) : query.error || !query.data ? (
        <InlineError title={t(text.failed)} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-fg-muted">{t(text.none)}</p>
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
