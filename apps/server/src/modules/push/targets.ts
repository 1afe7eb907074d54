import type { NewNotice } from './sink.js';

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/**
 * The app path a notice opens. The notices module exports its own; this one stands in while it
 * has none, with the web app's routes (apps/web/src/app/route-table.ts).
 */
export function fallbackTarget(notice: Pick<NewNotice, 'kind' | 'values'>): string {
  const v = notice.values;
  switch (notice.kind) {
    case 'new-episode':
      return `/player/${encodeURIComponent(text(v.dramaId))}?episode=${encodeURIComponent(text(v.episodeId))}`;
    case 'feedback-reply':
      return `/feedback/${encodeURIComponent(text(v.feedbackId))}`;
    case 'vip-ending':
      return '/membership';
    case 'order-result':
      return `/orders/${encodeURIComponent(text(v.orderId))}`;
    case 'redeem-result':
      return '/redeem/records';
    default:
      return '/';
  }
}
