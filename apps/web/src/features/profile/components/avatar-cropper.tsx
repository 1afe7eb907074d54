import { Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useFocusTrap } from '../../../shared/ui/use-focus-trap';

interface AvatarCropperProps {
  /** An object URL of the picked picture. */
  image: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/**
 * Full screen, dark, like a phone's own photo editor: the picture moves and zooms under a round
 * frame (drag, pinch, the slider or its buttons), and what is inside the frame is kept.
 */
export function AvatarCropper({ image, busy, onCancel, onConfirm }: AvatarCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const step = (delta: number) => setZoom((value) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value + delta)));

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={t('profileEdit.cropTitle')}
      className="fixed inset-0 z-[70] mx-auto flex w-full max-w-[480px] flex-col bg-black text-white"
      data-testid="avatar-cropper"
    >
      <div className="flex h-12 shrink-0 items-center justify-center pt-safe">
        <h2 className="text-base font-semibold">{t('profileEdit.cropTitle')}</h2>
      </div>
      <div className="relative min-h-0 flex-1">
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
          // The library injects its few layout rules; the CSP allows inline styles.
          classes={{ containerClassName: 'touch-none' }}
        />
      </div>
      <p className="px-6 pt-3 text-center text-[13px] text-white/70">{t('profileEdit.cropHint')}</p>
      <div className="flex items-center gap-3 px-6 pt-3">
        <button type="button" className="icon-btn text-white" aria-label={t('profileEdit.zoomOut')} onClick={() => step(-0.25)}>
          <Minus aria-hidden className="size-5" />
        </button>
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          aria-label={t('profileEdit.zoom')}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-11 min-w-0 flex-1 accent-[var(--accent)]"
          data-testid="avatar-zoom"
        />
        <button type="button" className="icon-btn text-white" aria-label={t('profileEdit.zoomIn')} onClick={() => step(0.25)}>
          <Plus aria-hidden className="size-5" />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3 px-4 pt-3 pb-[calc(env(safe-area-inset-bottom)+16px)]">
        <button type="button" onClick={onCancel} className="h-12 rounded-full bg-white/12 text-[15px] font-semibold text-white active:bg-white/20">
          {t('common.cancel')}
        </button>
        <button
          type="button"
          disabled={!area || busy}
          onClick={() => area && onConfirm(area)}
          className="btn-primary h-12 text-[15px] disabled:opacity-60"
          data-testid="avatar-crop-confirm"
        >
          {t('profileEdit.usePhoto')}
        </button>
      </div>
    </div>
  );
}
