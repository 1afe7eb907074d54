import { Copy, Link2, UserPlus } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { toast } from '../../../shared/ui/toast/toast-store';

/** The sign-up page with the code filled in, to send to a friend. */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/auth/sign-up?invite=${encodeURIComponent(code)}`;
}

/** The member's own invite code, large enough to read out, with buttons to copy it or its link. */
export function InviteSheet({ open, code, onClose }: { open: boolean; code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async (text: string, done: 'points.invite.copied' | 'points.invite.linkCopied') => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t(done));
    } catch {
      toast.error(t('points.invite.copyFailed'));
    }
  };
  return (
    <BottomSheet open={open} title={t('points.invite.title')} onClose={onClose}>
      <div className="mt-2 flex flex-col items-center rounded-2xl border border-line bg-surface-2 px-4 py-5 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-warning/12 text-warning">
          <UserPlus aria-hidden className="size-6" />
        </span>
        <p className="mt-3 text-[13px] text-fg-muted">{t('points.invite.label')}</p>
        <p
          className="mt-1 font-mono text-[28px] font-bold tracking-[0.12em] [overflow-wrap:anywhere] select-all"
          data-testid="invite-code"
        >
          {code}
        </p>
        <p className="mt-2 max-w-xs text-[13px] leading-relaxed text-fg-muted">{t('points.invite.body')}</p>
      </div>
      <button type="button" onClick={() => void copy(inviteLink(code), 'points.invite.linkCopied')} className="btn-primary mt-4 h-12 w-full">
        <Link2 aria-hidden className="size-4" />
        {t('points.invite.copyLink')}
      </button>
      <button type="button" onClick={() => void copy(code, 'points.invite.copied')} className="btn-secondary mt-2 mb-2 h-12 w-full">
        <Copy aria-hidden className="size-4" />
        {t('points.invite.copy')}
      </button>
    </BottomSheet>
  );
}
