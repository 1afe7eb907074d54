import type { MemberSummary } from '@drama/contracts';
import { Tag } from 'antd';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';

export function MemberStatusTag({ status }: { status: number }) {
  const { t } = useI18n();
  return status === 1 ? <Tag color="green">{t('members.active')}</Tag> : <Tag color="red">{t('members.disabled')}</Tag>;
}

/** VIP and until when, or none (with when it ended, if it did). */
export function VipTag({ member }: { member: Pick<MemberSummary, 'vipActive' | 'vipExpireTime'> }) {
  const { t, locale } = useI18n();
  if (member.vipActive) return <Tag color="gold">{t('members.vipUntil', { time: formatDateTime(member.vipExpireTime, locale) })}</Tag>;
  if (member.vipExpireTime) return <Tag>{t('members.vipEnded', { time: formatDateTime(member.vipExpireTime, locale) })}</Tag>;
  return <Tag>{t('members.vipNone')}</Tag>;
}
