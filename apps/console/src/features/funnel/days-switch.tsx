import { FUNNEL_DAYS } from '@drama/contracts';
import { Segmented } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';

/** 7, 30 or 90 days. */
export function DaysSwitch({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  const { t } = useI18n();
  return <Segmented<number> value={value} onChange={onChange} options={FUNNEL_DAYS.map((days) => ({ value: days, label: t('analytics.days', { days }) }))} />;
}
