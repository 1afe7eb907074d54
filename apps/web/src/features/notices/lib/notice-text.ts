import type { Notice } from '@drama/contracts';
import type { TFunction } from '../../../shared/i18n/i18n';
import { formatDate } from '../../../shared/format/date';

const num = (value: string | number | undefined) => (typeof value === 'number' ? value : Number(value ?? 0));

/**
 * A notice's heading and line in the member's language, from its kind and values (the server
 * sends no prose). A new episode is headed by its drama's title.
 */
export function noticeText(notice: Notice, t: TFunction, locale: string): { title: string; body: string } {
  const v = notice.values;
  switch (notice.kind) {
    case 'new-episode':
      return { title: notice.drama?.title || t('notices.kinds.new-episode.title'), body: t('notices.detail.newEpisode', { sequence: num(v.sequence) }) };
    case 'feedback-reply':
      return { title: t('notices.kinds.feedback-reply.title'), body: t('notices.detail.feedbackReply') };
    case 'vip-ending': {
      const days = num(v.daysLeft);
      const date = typeof v.expiresAt === 'string' ? formatDate(v.expiresAt, locale) : '';
      return { title: t('notices.kinds.vip-ending.title'), body: days <= 0 ? t('notices.detail.vipToday') : t('notices.detail.vipSoon', { count: days, date }) };
    }
    case 'order-result':
      return {
        title: t('notices.kinds.order-result.title'),
        body: t(v.status === 'success' ? 'notices.detail.orderSuccess' : v.status === 'failed' ? 'notices.detail.orderFailed' : 'notices.detail.orderCancelled'),
      };
    case 'redeem-result':
      return {
        title: t('notices.kinds.redeem-result.title'),
        body: t(v.kind === 'vip' ? 'notices.detail.redeemVip' : 'notices.detail.redeemPoints', { count: num(v.value) }),
      };
  }
}
