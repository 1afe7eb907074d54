import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../../../shared/i18n/i18n';

/**
 * Always dark modules on white with a quiet zone, whatever the theme: a scanner reads a QR code
 * by its contrast and its margin, and an inverted one on a dark page fails on many phones.
 */
export function PaymentQr({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t('payment.qrLabel')}
      data-testid="payment-qr"
      data-qr-content={value}
      className="rounded-2xl bg-white p-2 shadow-[0_1px_2px_rgb(0_0_0/0.08)] ring-1 ring-black/5"
    >
      {/* The wrapper is the image and carries its name; the library's own role="img" svg would be a second, unnamed one. */}
      <QRCodeSVG aria-hidden value={value} size={200} level="M" marginSize={2} bgColor="#ffffff" fgColor="#000000" />
    </div>
  );
}
