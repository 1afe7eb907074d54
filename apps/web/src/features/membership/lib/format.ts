/*
 * Money is integer fen on the wire (DESIGN.md section 3) and yuan on screen, always with two
 * decimals and the yuan sign, in every locale: prices are in yuan whatever language is read.
 */

/** 3000 → "¥30.00". */
export function formatYuan(fen: number): string {
  const rounded = Math.round(fen);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The unrounded price per day (e.g. 1200 / 7 fen), to the nearest fen: "¥1.71". */
export function formatPricePerDay(pricePerDayFen: number): string {
  return formatYuan(Math.round(pricePerDayFen));
}

// Dates are every screen's; the money screens still find them here.
export { formatDate, formatDateTime } from '../../../shared/format/date';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When VIP would end after buying `days` more: a purchase extends from the later of now and the
 * current expiry (DESIGN.md section 4), so a member who renews early loses nothing.
 */
export function vipEndAfterPurchase(currentExpiry: string | null, days: number, now: Date = new Date()): Date {
  const current = currentExpiry ? new Date(currentExpiry).getTime() : Number.NaN;
  const from = Number.isFinite(current) && current > now.getTime() ? current : now.getTime();
  return new Date(from + days * DAY_MS);
}
