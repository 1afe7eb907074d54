import type { Plan } from '@drama/contracts';
import { Check } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ChoiceButton, type ChoiceProps } from '../../../shared/ui/choice-button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatPricePerDay, formatYuan } from '../lib/format';
import { planSaving } from '../lib/saving';

interface PlanCardProps extends ChoiceProps {
  plan: Plan;
}

/** One plan as a radio: price first, then what it comes to per day, the list price struck through. */
export function PlanCard({ plan, selected, onSelect }: PlanCardProps) {
  const { t } = useTranslation();
  return (
    <ChoiceButton
      selected={selected}
      onSelect={onSelect}
      testId={`plan-${plan.code}`}
      className={`relative flex min-h-[132px] min-w-0 flex-col items-start rounded-2xl border-2 px-3.5 pt-4 pb-3 text-left transition-colors duration-150 active:scale-[0.98] ${
        selected ? 'border-gold-fill-2 bg-gold/10' : 'border-line bg-surface'
      }`}
    >
      {plan.isBestValue && (
        <span
          data-testid="best-value"
          className="absolute -top-2.5 left-3 max-w-[calc(100%-1.5rem)] truncate rounded-full bg-gradient-to-r from-accent-fill-2 to-accent-fill px-2 py-0.5 text-[11px] font-bold text-on-accent"
        >
          {t('membership.bestValue')}
        </span>
      )}
      {selected && (
        <span className="absolute top-2 right-2 grid size-5 place-items-center rounded-full bg-gold-fill-2 text-on-gold">
          <Check aria-hidden className="size-3.5" strokeWidth={3} />
        </span>
      )}
      <span className="line-clamp-2 w-full pr-5 text-[15px] leading-snug font-semibold">{plan.name}</span>
      <span className="mt-0.5 text-xs text-fg-subtle">{t('membership.days', { count: plan.days })}</span>
      <span className="mt-auto flex w-full flex-wrap items-baseline gap-x-1.5 pt-2">
        <span className="text-[24px] leading-none font-bold tracking-tight text-fg tabular-nums" data-testid="plan-price">
          {formatYuan(plan.priceFen)}
        </span>
        {planSaving(plan) !== null && plan.originalPriceFen !== null && (
          <s className="text-xs text-fg-subtle tabular-nums">
            <span className="sr-only">{t('membership.originalPrice')}</span>
            {formatYuan(plan.originalPriceFen)}
          </s>
        )}
      </span>
      <span
        className={`mt-1.5 text-xs font-medium tabular-nums ${selected ? 'text-gold' : 'text-fg-muted'}`}
        data-testid="plan-per-day"
      >
        {t('membership.perDay', { price: formatPricePerDay(plan.pricePerDayFen) })}
      </span>
    </ChoiceButton>
  );
}

export function PlanCardSkeleton() {
  return <Skeleton className="h-[132px] rounded-2xl" />;
}
