import type { MallItem } from '@drama/contracts';
import { Coins, Crown, LoaderCircle } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatPoints } from '../lib/format';

interface MallItemCardProps {
  item: MallItem;
  /** The balance, to say how many more points the item needs; unknown while loading. */
  balance: number | undefined;
  onExchange: (item: MallItem) => void;
  pending: boolean;
}

/** A VIP-days item: the days on a gold face, its name, price in points and the exchange button. */
export function MallItemCard({ item, balance, onExchange, pending }: MallItemCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const soldOut = item.stock === 0;
  const short = balance !== undefined && balance < item.costPoints ? item.costPoints - balance : 0;
  // Too few points is a reason not to press, said on the button itself, not a dialog after it.
  const unavailable = soldOut || short > 0;
  const label = soldOut
    ? t('points.mall.soldOut')
    : short > 0
      ? t('points.mall.needMorePoints', { points: formatPoints(short, locale) })
      : t('points.mall.exchange');
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface"
      data-testid="mall-item"
      data-item-id={item.id}
    >
      <div className="relative overflow-hidden bg-gradient-to-br from-gold-fill to-gold-fill-2 px-3.5 pt-3 pb-3.5 text-on-gold">
        <div aria-hidden className="pointer-events-none absolute -top-8 -right-6 size-24 rounded-full bg-white/25 blur-xl" />
        <Crown
          aria-hidden
          className="pointer-events-none absolute -right-2 -bottom-3 size-16 rotate-[-14deg] opacity-[0.12]"
          strokeWidth={1.5}
        />
        <span className="relative inline-flex items-center gap-1 text-[11px] font-bold tracking-wide uppercase opacity-80">
          <Crown aria-hidden className="size-3" strokeWidth={2.5} />
          VIP
        </span>
        <p className="relative mt-1 flex items-baseline gap-1">
          <span className="text-[32px] leading-none font-extrabold tabular-nums">{item.value}</span>
          <span className="text-sm font-bold">{t('points.mall.dayUnit', { count: item.value })}</span>
        </p>
        {item.stock !== null && (
          <span
            className="absolute top-2.5 right-2.5 rounded-full bg-on-gold/85 px-2 py-0.5 text-[11px] font-semibold text-gold-fill tabular-nums"
            data-testid="mall-stock"
          >
            {soldOut ? t('points.mall.soldOut') : t('points.mall.stockLeft', { count: item.stock })}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col px-3.5 pt-3 pb-3.5">
        <h3 className="line-clamp-2 text-[15px] leading-snug font-semibold [overflow-wrap:anywhere]">{item.name}</h3>
        {item.description && (
          <p className="mt-1 line-clamp-2 text-xs leading-snug text-fg-muted [overflow-wrap:anywhere]">{item.description}</p>
        )}
        <div className="mt-auto pt-2.5">
          <p className="flex items-center gap-1 text-[17px] font-extrabold text-gold tabular-nums" data-testid="mall-cost">
            <Coins aria-hidden className="size-4" strokeWidth={2.25} />
            {formatPoints(item.costPoints, locale)}
          </p>
          <button
            type="button"
            disabled={unavailable || pending}
            aria-busy={pending || undefined}
            onClick={() => onExchange(item)}
            data-testid="mall-exchange"
            className={
              unavailable
                ? 'mt-2 min-h-11 w-full rounded-full bg-surface-3 px-3 text-[13px] leading-tight font-semibold text-fg-subtle tabular-nums'
                : 'btn-primary mt-2 min-h-11 w-full px-3 text-sm disabled:opacity-50 disabled:shadow-none disabled:active:scale-100'
            }
          >
            {pending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            {label}
          </button>
        </div>
      </div>
    </li>
  );
}

export function MallItemSkeleton() {
  return (
    <li aria-hidden className="overflow-hidden rounded-2xl border border-line bg-surface">
      <Skeleton className="h-[88px] w-full" />
      <div className="px-3.5 pt-3 pb-3.5">
        <Skeleton className="h-4 w-4/5 rounded-md" />
        <Skeleton className="mt-2 h-3 w-3/5 rounded-md" />
        <Skeleton className="mt-4 h-5 w-16 rounded-md" />
        <Skeleton className="mt-3 h-11 w-full rounded-full" />
      </div>
    </li>
  );
}
