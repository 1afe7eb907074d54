import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { useUnreadNotices } from '../api/unread-notices';

/** The bell on home and profile: opens the notices, with the unread count on it. Members only. */
export function NoticeBell({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data: unread = 0 } = useUnreadNotices();
  if (!token) return null;
  return (
    <Link
      to="/notices"
      className={`icon-btn relative ${className}`}
      aria-label={unread > 0 ? t('notices.bellUnread', { count: unread }) : t('notices.bell')}
      data-testid="notice-bell"
    >
      <Bell aria-hidden className="size-[22px]" strokeWidth={1.9} />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notice-badge"
          className="absolute top-1 right-0.5 grid h-[18px] min-w-[18px] place-items-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-on-accent tabular-nums ring-2 ring-bg"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
