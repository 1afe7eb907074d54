import { FEEDBACK_LIMITS } from '@drama/contracts';
import { CircleAlert, ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';

export interface ScreenshotItem {
  key: string;
  previewUrl: string;
  name: string;
  /** 0..1 while uploading. */
  progress: number;
  status: 'uploading' | 'done' | 'error';
  uploadId?: number;
  /** Already translated. */
  error?: string;
}

interface ScreenshotPickerProps {
  items: readonly ScreenshotItem[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
}

export function ScreenshotPicker({ items, onAdd, onRemove }: ScreenshotPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const room = FEEDBACK_LIMITS.screenshotsMax - items.length;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again after removing it still fires a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files.slice(0, room));
  };

  return (
    <div>
      <p className="mb-2 flex items-baseline gap-1.5 px-1 text-[13px] font-medium text-fg-muted">
        {t('feedback.screenshots')}
        <span className="text-xs font-normal text-fg-subtle">
          {t('feedback.screenshotsNote', { count: items.length, max: FEEDBACK_LIMITS.screenshotsMax })}
        </span>
      </p>
      <ul className="grid grid-cols-3 gap-2.5" data-testid="feedback-screenshots">
        {items.map((item) => (
          <li
            key={item.key}
            data-testid="feedback-screenshot"
            data-status={item.status}
            className="relative aspect-square overflow-hidden rounded-xl border border-line bg-surface-2"
          >
            <img src={item.previewUrl} alt={item.name} className="size-full object-cover" />
            {item.status === 'uploading' && (
              <div className="absolute inset-0 grid place-items-center bg-scrim text-white">
                <span className="flex flex-col items-center gap-1 text-xs font-semibold tabular-nums">
                  <LoaderCircle aria-hidden className="size-5 animate-spin" />
                  {Math.round(item.progress * 100)}%
                </span>
              </div>
            )}
            {item.status === 'error' && (
              <div
                role="alert"
                className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-scrim px-1.5 text-center text-[11px] leading-tight font-medium text-white"
              >
                <CircleAlert aria-hidden className="size-5" />
                {item.error}
              </div>
            )}
            <button
              type="button"
              onClick={() => onRemove(item.key)}
              aria-label={t('feedback.removeScreenshot')}
              className="absolute top-0 right-0 grid size-11 place-items-center"
            >
              <span className="grid size-6 place-items-center rounded-full bg-black/60 text-white">
                <X aria-hidden className="size-3.5" strokeWidth={2.5} />
              </span>
            </button>
          </li>
        ))}
        {room > 0 && (
          <li className="aspect-square">
            <label
              htmlFor={inputId}
              className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-line-strong text-fg-subtle active:bg-surface-2"
            >
              <ImagePlus aria-hidden className="size-6" strokeWidth={1.75} />
              <span className="text-xs">{t('feedback.addScreenshot')}</span>
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              data-testid="feedback-file-input"
              onChange={onChange}
            />
          </li>
        )}
      </ul>
    </div>
  );
}
