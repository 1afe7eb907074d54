import type { ReconciliationStatus } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';

const COLORS: Record<ReconciliationStatus, string> = { matched: 'success', differences: 'warning', failed: 'error' };

export function ReconciliationStatusTag({ status }: { status: ReconciliationStatus }) {
  const { t } = useI18n();
  return <Tag color={COLORS[status]}>{t(`reconciliation.status.${status}`)}</Tag>;
}
