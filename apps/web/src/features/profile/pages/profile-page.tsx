import { isVipActive } from '@drama/contracts';
import {
  ChevronRight,
  Coins,
  Crown,
  Gift,
  Headset,
  Heart,
  History,
  Info,
  MessageSquareText,
  PenLine,
  Receipt,
  Settings,
  Ticket,
} from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { ProfileEntry, ProfileEntryGroup, ProfileShortcut } from '../components/profile-entries';
import { ProfileAvatar } from '../components/profile-avatar';
import { VipCard } from '../components/vip-card';
import { useProfileUser } from '../hooks/use-profile-user';
import { NoticeBell } from '../../notices';

export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { me, user } = useProfileUser();
  if (!user) return null;
  const vip = isVipActive(user);
  // The nickname comes with the profile call and is kept with the session (offline it is the
  // kept one); a member who never set one is shown by their login name.
  const name = me.data?.nickname || user.nickname || user.username;

  return (
    <div className="relative flex flex-1 flex-col pb-8" data-testid="profile-page">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-64 bg-gradient-to-b from-accent-soft via-accent-soft/40 to-transparent"
      />
      <header className="relative flex items-center gap-3.5 px-4 pt-[calc(env(safe-area-inset-top)+20px)] pb-5">
        <Link to="/profile/edit" className="rounded-full" aria-label={t('profileEdit.entry')} data-testid="profile-avatar-link">
          <ProfileAvatar username={name} avatar={user.avatar} vip={vip} />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="flex min-w-0 items-center gap-2 text-[22px] leading-tight font-bold tracking-tight">
            <span className="truncate" data-testid="profile-username">
              {name}
            </span>
            {vip && (
              <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-gradient-to-r from-gold-fill to-gold-fill-2 px-2 py-0.5 text-[11px] font-bold text-on-gold">
                <Crown aria-hidden className="size-3" strokeWidth={2.5} />
                VIP
              </span>
            )}
          </h1>
          <p className="mt-1 flex items-center gap-2 text-[13px] text-fg-subtle tabular-nums">
            {t('profile.userId', { id: user.id })}
          </p>
          <Link
            to="/profile/edit"
            data-testid="profile-edit-link"
            className="-ml-1 inline-flex min-h-9 items-center gap-1 rounded-full px-1 text-[13px] font-semibold text-accent"
          >
            <PenLine aria-hidden className="size-3.5" strokeWidth={2.2} />
            {t('profileEdit.entry')}
          </Link>
        </div>
        <NoticeBell className="-mr-1" />
        <Link to="/settings" className="icon-btn -mr-1.5" aria-label={t('profile.settings')}>
          <Settings aria-hidden className="size-[22px]" strokeWidth={1.9} />
        </Link>
      </header>

      <div className="relative px-4">
        <VipCard user={user} />

        <div className="mt-3 flex min-h-16 items-center gap-2 rounded-2xl border border-line bg-surface py-1.5 pr-3 pl-1.5">
          <Link
            to="/points"
            data-testid="points-card"
            className="flex min-h-13 min-w-0 flex-1 items-center gap-3 rounded-xl px-2.5 active:bg-surface-2"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gold/15 text-gold">
              <Coins aria-hidden className="size-5" strokeWidth={2} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-xs text-fg-subtle">{t('profile.points')}</span>
              <span className="block text-xl leading-tight font-bold tabular-nums" data-testid="points-balance">
                {user.points.toLocaleString(locale)}
              </span>
            </span>
          </Link>
          <Link
            to="/points/tasks"
            data-testid="points-tasks-link"
            className="inline-flex min-h-11 shrink-0 items-center gap-0.5 rounded-full bg-accent-soft px-3.5 text-[13px] font-semibold text-accent"
          >
            {t('profile.earnPoints')}
            <ChevronRight aria-hidden className="-mr-1 size-4" />
          </Link>
        </div>

        {me.error && !me.data && (
          <ErrorState compact error={me.error} onRetry={() => void me.refetch()} className="mt-3" />
        )}

        <nav aria-label={t('profile.entries')} className="mt-3 grid grid-cols-4 gap-1 rounded-2xl border border-line bg-surface p-1.5">
          <ProfileShortcut icon={History} label={t('profile.shortcutHistory')} to="/history" tint="bg-info/12 text-info" />
          <ProfileShortcut icon={Heart} label={t('profile.shortcutFavorites')} to="/favorites" tint="bg-accent-soft text-accent" />
          <ProfileShortcut icon={Receipt} label={t('profile.shortcutOrders')} to="/orders" tint="bg-warning/12 text-warning" />
          <ProfileShortcut icon={Ticket} label={t('profile.shortcutRedeem')} to="/redeem" tint="bg-success/12 text-success" />
        </nav>
      </div>

      <ProfileEntryGroup title={t('profile.support')}>
        <ProfileEntry icon={Gift} label={t('profile.pointsEntry')} to="/points" tint="bg-gold/15 text-gold" />
        <ProfileEntry icon={MessageSquareText} label={t('profile.feedback')} to="/feedback" tint="bg-info/12 text-info" />
        <ProfileEntry
          icon={Headset}
          label={t('profile.customerService')}
          to="/support"
          tint="bg-success/12 text-success"
        />
        <ProfileEntry icon={Info} label={t('about.entry')} to="/about" tint="bg-surface-3 text-fg-muted" />
        <ProfileEntry icon={Settings} label={t('profile.settings')} to="/settings" tint="bg-surface-3 text-fg-muted" />
      </ProfileEntryGroup>
    </div>
  );
}
