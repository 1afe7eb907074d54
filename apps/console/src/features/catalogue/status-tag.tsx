import type { DramaStatus } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';

const COLORS: Record<DramaStatus, string> = { draft: 'default', published: 'green', scheduled: 'blue', unlisted: 'orange' };

export function DramaStatusTag({ status }: { status: DramaStatus }) {
  const { t } = useI18n();
  return <Tag color={COLORS[status]}>{t(`drama.status.${status}`)}</Tag>;
}
