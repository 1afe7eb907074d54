import type { Plan } from '@drama/contracts';
import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/format/date';
import { useLocale, useTranslation } from '../../../shared/i18n/i18n';
import { formatYuan } from '../lib/format';
import { planSaving } from '../lib/saving';

/** What is bought, at what saving, until when VIP will run, and what is due. */
export function PlanSummary({ plan, vipEnd }: { plan: Plan; vipEnd: Date | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const saving = planSaving(plan);
  return (
    <section
      aria-labelledby="summary-title"
      className="overflow-hidden rounded-3xl border border-line bg-surface"
      data-testid="checkout-summary"
    >
      <div className="flex items-center gap-3 bg-gradient-to-r from-gold/15 to-transparent px-4 py-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-gold-fill to-gold-fill-2 text-on-gold">
          <Crown aria-hidden className="size-6" strokeWidth={2} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="summary-title" className="line-clamp-2 text-base leading-snug font-bold">
            {plan.name}
          </h2>
          <p className="mt-0.5 text-xs text-fg-muted">{t('membership.days', { count: plan.days })}</p>
        </div>
      </div>
      <dl className="divide-y divide-line px-4">
        {saving !== null && plan.originalPriceFen !== null && (
          <>
            <Row label={t('membership.listPrice')}>
              <s className="text-fg-subtle">{formatYuan(plan.originalPriceFen)}</s>
            </Row>
            <Row label={t('membership.discount')}>
              <span className="text-accent">-{formatYuan(saving)}</span>
            </Row>
          </>
        )}
        <Row label={t('membership.validUntil')}>
          <span data-testid="checkout-valid-until">{vipEnd ? formatDate(vipEnd.toISOString(), locale) : '—'}</span>
        </Row>
        <Row label={t('membership.amountDue')}>
          <span className="text-lg font-bold text-accent">{formatYuan(plan.priceFen)}</span>
        </Row>
      </dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 py-2.5 text-sm">
      <dt className="shrink-0 text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}
