import { LIMITS, SUBTITLE } from '@drama/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Minus, Plus, RotateCcw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast/toast-store';
import { subtitlesQueryOptions } from '../api/get-subtitles';
import {
  SUBTITLE_COLOR_VALUES,
  offeredSubtitleLanguages,
  resetSubtitlePosition,
  stepFontSize,
  updateSubtitleSettings,
  useSubtitleSettings,
  type SubtitleLanguage,
  type SubtitleOpacity,
} from '../lib/subtitle-settings';
import { PlayerSheet } from './player-sheet';

const OPACITY_LABEL = { 0: 'none', 0.5: 'half', 0.8: 'strong' } as const satisfies Record<SubtitleOpacity, string>;

interface SubtitleSheetProps {
  open: boolean;
  onClose: () => void;
  /** The playing video's address, from which the subtitle files are found. */
  videoUrl: string | null;
  /** The languages the playing episode has subtitles in: the only ones offered. */
  languages: readonly string[];
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <span className="shrink-0 text-[15px] text-fg">{label}</span>
      <div className="flex min-w-0 items-center gap-1.5">{children}</div>
    </div>
  );
}

/** A row whose value is one of a few choices, read as one radio group named like the row. */
function RadioRow({ label, gap, children }: { label: string; gap: 'gap-0.5' | 'gap-1.5'; children: ReactNode }) {
  return (
    <Row label={label}>
      <div role="radiogroup" aria-label={label} className={`flex ${gap}`}>
        {children}
      </div>
    </Row>
  );
}

interface StepButtonProps {
  icon: LucideIcon;
  label: string;
  testId: string;
  disabled: boolean;
  onClick: () => void;
}

/** One step down or up of the subtitle's size. */
function StepButton({ icon: Icon, label, testId, disabled, onClick }: StepButtonProps) {
  return (
    <button
      type="button"
      className="icon-btn bg-surface-2 active:bg-surface-3 disabled:opacity-40"
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}

function Choice({ selected, onClick, children, label, testId }: { selected: boolean; onClick: () => void; children: ReactNode; label?: string; testId?: string }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      data-testid={testId}
      onClick={onClick}
      className={`min-h-11 min-w-11 rounded-full px-3 text-sm font-medium transition-colors ${
        selected ? 'bg-fg text-bg' : 'bg-surface-2 text-fg-muted active:bg-surface-3'
      }`}
    >
      {children}
    </button>
  );
}

/** On/off, language, size, colour and background of the app's own subtitles; saved on the device. */
export function SubtitleSheet({ open, onClose, videoUrl, languages }: SubtitleSheetProps) {
  const { t } = useTranslation();
  const settings = useSubtitleSettings();
  const queryClient = useQueryClient();
  const offered = offeredSubtitleLanguages(languages);

  // A language switch waits up to 5 s for the track (spec section 4), then says it failed.
  const chooseLanguage = (language: SubtitleLanguage) => {
    updateSubtitleSettings({ language });
    if (!videoUrl) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Subtitle track timed out')), LIMITS.subtitleWaitMs);
    });
    Promise.race([queryClient.fetchQuery(subtitlesQueryOptions(videoUrl, language)), timeout])
      .catch(() => toast.error(t('player.subtitleFailed')))
      .finally(() => clearTimeout(timer));
  };

  return (
    <PlayerSheet open={open} onClose={onClose} title={t('player.subtitleSettings')} testId="subtitle-sheet">
      <div
        aria-hidden
        className="mb-2 grid h-20 place-items-center rounded-2xl bg-[linear-gradient(135deg,#3b2a3f,#1b2333_60%,#2a1b20)]"
      >
        <span
          className="max-w-[90%] rounded-md px-2 py-0.5 text-center font-semibold"
          style={{
            fontSize: settings.fontSize,
            color: SUBTITLE_COLOR_VALUES[settings.color],
            backgroundColor: `rgb(0 0 0 / ${settings.backgroundOpacity})`,
            opacity: settings.visible ? 1 : 0.35,
          }}
        >
          {t('player.preview')}
        </span>
      </div>
      <Row label={t('player.showSubtitles')}>
        <button
          type="button"
          role="switch"
          aria-checked={settings.visible}
          aria-label={t('player.showSubtitles')}
          data-testid="subtitle-toggle"
          onClick={() => updateSubtitleSettings({ visible: !settings.visible })}
          className="grid min-h-11 min-w-11 place-items-center"
        >
          <span
            className={`relative block h-7 w-12 rounded-full transition-colors duration-200 ${settings.visible ? 'bg-accent-fill' : 'bg-surface-3'}`}
          >
            <span
              className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform duration-200 ${
                settings.visible ? 'translate-x-5' : ''
              }`}
            />
          </span>
        </button>
      </Row>
      {offered.length > 0 ? (
        <RadioRow label={t('player.language')} gap="gap-1.5">
          {offered.map((language) => (
            <Choice
              key={language}
              selected={settings.language === language}
              onClick={() => chooseLanguage(language)}
              testId={`subtitle-language-${language}`}
            >
              {t(`player.languages.${language}`)}
            </Choice>
          ))}
        </RadioRow>
      ) : (
        <Row label={t('player.language')}>
          <span data-testid="subtitle-language-none" className="text-sm text-fg-muted">
            {t('player.noSubtitles')}
          </span>
        </Row>
      )}
      <Row label={t('player.size')}>
        <StepButton
          icon={Minus}
          label={t('player.smaller')}
          testId="subtitle-smaller"
          disabled={settings.fontSize <= SUBTITLE.fontSizeMin}
          onClick={() => updateSubtitleSettings({ fontSize: stepFontSize(settings.fontSize, -1) })}
        />
        <output data-testid="subtitle-size" className="w-9 text-center text-[15px] font-semibold tabular-nums">
          {settings.fontSize}
        </output>
        <StepButton
          icon={Plus}
          label={t('player.larger')}
          testId="subtitle-larger"
          disabled={settings.fontSize >= SUBTITLE.fontSizeMax}
          onClick={() => updateSubtitleSettings({ fontSize: stepFontSize(settings.fontSize, 1) })}
        />
      </Row>
      <RadioRow label={t('player.color')} gap="gap-0.5">
        {SUBTITLE.colors.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={settings.color === color}
            aria-label={t(`player.colors.${color}`)}
            data-testid={`subtitle-color-${color}`}
            onClick={() => updateSubtitleSettings({ color })}
            className="grid size-11 place-items-center rounded-full"
          >
            <span
              className={`block size-7 rounded-full ring-offset-2 ring-offset-surface transition-shadow ${
                settings.color === color ? 'ring-2 ring-fg' : 'ring-1 ring-line-strong'
              }`}
              style={{ backgroundColor: SUBTITLE_COLOR_VALUES[color] }}
            />
          </button>
        ))}
      </RadioRow>
      <RadioRow label={t('player.background')} gap="gap-1.5">
        {SUBTITLE.backgroundOpacities.map((opacity) => (
          <Choice
            key={opacity}
            selected={settings.backgroundOpacity === opacity}
            onClick={() => updateSubtitleSettings({ backgroundOpacity: opacity })}
            testId={`subtitle-opacity-${opacity}`}
          >
            {t(`player.opacity.${OPACITY_LABEL[opacity]}`)}
          </Choice>
        ))}
      </RadioRow>
      {/* Press and hold the subtitle to move it; this is the way back. */}
      <Row label={t('player.subtitlePosition')}>
        <button
          type="button"
          data-testid="subtitle-reset-position"
          disabled={settings.position === SUBTITLE.defaults.position}
          onClick={() => resetSubtitlePosition()}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-surface-2 px-4 text-sm font-medium text-fg active:bg-surface-3 disabled:text-fg-subtle disabled:opacity-60"
        >
          <RotateCcw aria-hidden className="size-4" />
          {t('player.resetPosition')}
        </button>
      </Row>
      <p className="pt-1 text-xs leading-relaxed text-fg-muted">{t('player.moveSubtitleHint')}</p>
    </PlayerSheet>
  );
}
