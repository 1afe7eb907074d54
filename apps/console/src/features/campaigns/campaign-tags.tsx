import type { CampaignState, ConsoleCampaign } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';

const STATE_COLORS: Record<CampaignState, string> = { active: 'green', ended: 'default', revoked: 'red', exhausted: 'blue' };

export function CampaignStateTag({ state }: { state: CampaignState }) {
  const { t } = useI18n();
  return <Tag color={STATE_COLORS[state]}>{t(`campaigns.state.${state}`)}</Tag>;
}

/** What one code gives: "7 VIP days" or "50 points". */
export function useCodeWorth(): (campaign: Pick<ConsoleCampaign, 'type' | 'value'>) => string {
  const { t } = useI18n();
  return (campaign) => t(campaign.type === 'vip_days' ? 'campaigns.worth.vipDays' : 'campaigns.worth.points', { value: campaign.value });
}
