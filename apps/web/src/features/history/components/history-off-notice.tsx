import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useChangeUserSetting } from '../../../shared/user-settings/use-change-user-setting';

/** Turns the history switch back on, synced like the one in settings; busy while it saves. */
function TurnOnButton({ className = 'btn-primary' }: { className?: string }) {
  const { t } = useTranslation();
  const change = useChangeUserSetting();
  const [saving, setSaving] = useState(false);
  const turnOn = async () => {
    setSaving(true);
    await change(['privacy', 'history'], true);
    setSaving(false);
  };
  return (
    <button type="button" className={className} disabled={saving} onClick={() => void turnOn()} data-testid="history-turn-on">
      <Eye aria-hidden className="size-4" />
      {t('history.turnOn')}
    </button>
  );
}

/**
 * Above the list while the history switch is off: the records there are older ones, and
 * nothing now watched joins them.
 */
export function HistoryOffNotice() {
  const { t } = useTranslation();
  return (
    <div className="px-4 pt-4" data-testid="history-off">
      <div role="status" className="rounded-2xl bg-surface-2 px-4 py-3.5">
        <div className="flex items-start gap-3.5">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
            <EyeOff aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-[15px] font-semibold text-fg">{t('history.offTitle')}</p>
            <p className="mt-0.5 text-[13px] leading-relaxed text-fg-muted">{t('history.offHint')}</p>
          </div>
        </div>
        <TurnOnButton className="btn-secondary mt-3 w-full" />
      </div>
    </div>
  );
}

/** The whole page while the switch is off and nothing was recorded before. */
export function HistoryOffEmpty() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col" data-testid="history-off">
      <EmptyState
        icon={EyeOff}
        title={t('history.offTitle')}
        description={t('history.offEmptyHint')}
        action={<TurnOnButton />}
        className="flex-1 justify-center pb-20"
      />
    </div>
  );
}
