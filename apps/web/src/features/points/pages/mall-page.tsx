import { isVipActive, type MallItem } from '@drama/contracts';
import { ChevronRight, Coins, Crown, Store } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useExchangeMallItem } from '../api/exchange-mall-item';
import { useMall } from '../api/get-mall';
import { LoadError } from '../components/load-error';
import { MallItemCard, MallItemSkeleton } from '../components/mall-item-card';
import { formatDate } from '../../../shared/format/date';
import { formatPoints } from '../lib/format';
import { readInsufficient } from '../lib/insufficient';

/** The points store: VIP days for points, each exchange confirmed first. */
export function MallPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const mall = useMall();
  const exchange = useExchangeMallItem();
  const balance = mall.data?.balance;
  const vipUntil = user && isVipActive(user) ? user.vipExpireTime : null;

  const showInsufficient = async (details: unknown) => {
    const numbers = readInsufficient(details);
    const earn = await confirm({
      title: t('errors.codes.INSUFFICIENT_POINTS'),
      message: numbers
        ? t('points.mall.insufficientMessage', {
            current: formatPoints(numbers.current, locale),
            required: formatPoints(numbers.required, locale),
          })
        : t('points.mall.insufficientFallback'),
      confirmText: t('points.mall.earnMore'),
      cancelText: t('common.close'),
    });
    if (earn) void navigate('/points/tasks');
  };

  const onExchange = async (item: MallItem) => {
    if (exchange.isPending) return;
    const confirmed = await confirm({
      title: t('points.mall.confirmTitle'),
      message: t('points.mall.confirmMessage', { points: formatPoints(item.costPoints, locale), name: item.name }),
      confirmText: t('points.mall.exchange'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    exchange.mutate(item.id, {
      onSuccess: (result) =>
        toast.success(
          result.vipExpireTime
            ? t('points.mall.success', { date: formatDate(result.vipExpireTime, locale) })
            : t('points.mall.successPlain'),
        ),
      onError: (error) => {
        if (isApiError(error) && error.code === 'INSUFFICIENT_POINTS') void showInsufficient(error.details);
        else toast.error(formErrorMessage(t, error, 'points.mall.exchangeFailed'));
      },
    });
  };

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="mall-page">
      <PageHeader title={t('routes.pointsMall')} fallback="/points" />
      {mall.error && !mall.data ? (
        <LoadError title={t('points.mall.loadFailed')} error={mall.error} onRetry={() => void mall.refetch()} />
      ) : (
        <>
          <section className="mx-4 mt-3 rounded-2xl border border-line bg-surface px-4 py-3.5" aria-label={t('points.mall.balance')}>
            <div className="flex items-center gap-3">
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gold/15 text-gold">
                <Coins aria-hidden className="size-[22px]" strokeWidth={2} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-xs text-fg-subtle">{t('points.mall.balance')}</p>
                {balance === undefined ? (
                  <Skeleton className="mt-1 h-7 w-24 rounded-lg" />
                ) : (
                  <p className="text-[26px] leading-tight font-extrabold tabular-nums" data-testid="mall-balance">
                    {formatPoints(balance, locale)}
                  </p>
                )}
              </div>
              <Link
                to="/points/tasks"
                className="inline-flex min-h-11 shrink-0 items-center gap-0.5 rounded-full bg-accent-soft px-3.5 text-[13px] font-semibold text-accent"
              >
                {t('points.mall.earnMore')}
                <ChevronRight aria-hidden className="-mr-1 size-4" />
              </Link>
            </div>
            <p
              className="mt-3 flex items-start gap-1.5 border-t border-line pt-3 text-[13px] leading-snug text-fg-muted"
              data-testid="mall-vip-state"
            >
              <Crown aria-hidden className="mt-px size-4 shrink-0 text-gold" strokeWidth={2.25} />
              <span className="min-w-0">
                {vipUntil ? t('points.mall.vipUntil', { date: formatDate(vipUntil, locale) }) : t('points.mall.notVip')}
              </span>
            </p>
          </section>

          <h2 className="mt-5 px-5 text-[15px] font-bold tracking-tight">{t('points.mall.vipItems')}</h2>
          {mall.data && mall.data.items.length === 0 ? (
            <EmptyState icon={Store} title={t('points.mall.empty')} description={t('points.mall.emptyBody')} />
          ) : (
            <ul className="mt-2 grid grid-cols-2 gap-3 px-4">
              {mall.data
                ? mall.data.items.map((item) => (
                    <MallItemCard
                      key={item.id}
                      item={item}
                      balance={balance}
                      onExchange={(chosen) => void onExchange(chosen)}
                      pending={exchange.isPending && exchange.variables === item.id}
                    />
                  ))
                : Array.from({ length: 4 }, (_, index) => <MallItemSkeleton key={index} />)}
            </ul>
          )}
          <p className="mt-4 px-5 text-xs leading-relaxed text-fg-subtle">{t('points.mall.note')}</p>
        </>
      )}
    </div>
  );
}
