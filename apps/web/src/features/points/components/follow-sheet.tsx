import type { FollowTarget } from '@drama/contracts';
import { Check, ExternalLink, LoaderCircle } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { useFollowOpened } from '../api/follow-opened';

interface FollowSheetProps {
  open: boolean;
  follow: FollowTarget | null;
  siteName: string;
  onClose: () => void;
  onFollowed: () => void;
  pending: boolean;
}

/**
 * Where to follow us: the official account's QR code (the operator's image, or one drawn from
 * its link) and a button that opens the link. "Done" waits until the member has opened it:
 * the server counts a follow only after an open it recorded.
 */
export function FollowSheet({ open, follow, siteName, onClose, onFollowed, pending }: FollowSheetProps) {
  const { t } = useTranslation();
  const opened = useFollowOpened();
  const [qrFailed, setQrFailed] = useState(false);
  const markOpened = () => {
    if (!follow?.opened && !opened.isPending && !opened.isSuccess) opened.mutate();
  };
  const isOpened = Boolean(follow?.opened) || opened.isSuccess;
  const qrImage = follow?.qrImage && !qrFailed ? follow.qrImage : null;

  return (
    <BottomSheet open={open} title={t('points.follow.title')} onClose={onClose}>
      {follow && (
        <div data-testid="follow-sheet">
          <p className="mt-1 text-[13px] leading-snug text-fg-muted">{t('points.follow.body', { site: siteName })}</p>
          {(qrImage || follow.link) && (
            <div className="mt-4 flex flex-col items-center rounded-2xl border border-line bg-surface-2 px-4 py-5">
              <div className="rounded-xl bg-white p-2.5">
                {qrImage ? (
                  <img
                    src={qrImage}
                    alt={t('points.follow.qrAlt', { site: siteName })}
                    width={176}
                    height={176}
                    className="size-44 object-contain"
                    // Shown in full is opened: the code is there to be scanned or saved.
                    onLoad={markOpened}
                    onError={() => setQrFailed(true)}
                    data-testid="follow-qr-image"
                  />
                ) : (
                  <QRCodeSVG
                    value={follow.link ?? ''}
                    size={176}
                    marginSize={0}
                    role="img"
                    aria-label={t('points.follow.qrAlt', { site: siteName })}
                    data-testid="follow-qr-code"
                  />
                )}
              </div>
              <p className="mt-3 text-center text-xs text-fg-subtle">{t('points.follow.scanHint')}</p>
            </div>
          )}
          {follow.link && (
            <a
              href={follow.link}
              target="_blank"
              rel="noopener noreferrer"
              onClick={markOpened}
              className="mt-3 flex min-h-12 items-center justify-center gap-2 rounded-full border border-accent px-4 text-[15px] font-semibold text-accent active:bg-accent-soft"
              data-testid="follow-open-link"
            >
              <ExternalLink aria-hidden className="size-4" />
              {t('points.follow.open')}
            </a>
          )}
          <button
            type="button"
            onClick={onFollowed}
            disabled={pending || !isOpened}
            className="btn-primary mt-3 mb-2 h-12 w-full disabled:opacity-50"
            data-testid="follow-done"
          >
            {pending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : <Check aria-hidden className="size-4" />}
            {t('points.follow.done')}
          </button>
          {!isOpened && (
            <p className="mb-1 text-center text-xs text-fg-subtle" data-testid="follow-open-first">
              {t('points.follow.openFirst')}
            </p>
          )}
        </div>
      )}
    </BottomSheet>
  );
}
