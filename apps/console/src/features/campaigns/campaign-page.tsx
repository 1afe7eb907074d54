import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Flex, Spin, Statistic, theme, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { LoadError } from '../../shared/ui/states';
import { campaignQueryOptions, codesCsvUrl, redemptionsQueryOptions } from './api';
import { CampaignStateTag, useCodeWorth } from './campaign-tags';
import { RevokeCampaignModal } from './revoke-campaign-modal';

/** Redemptions per day, as bars: how a campaign took off and when it faded. */
function RedemptionsChart({ id }: { id: number }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const redemptions = useQuery(redemptionsQueryOptions(id));
  if (redemptions.isError) return <LoadError error={redemptions.error} onRetry={() => void redemptions.refetch()} />;
  if (!redemptions.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const data = redemptions.data.days.map((entry) => ({ ...entry, label: entry.day.slice(5) }));
  if (data.every((entry) => entry.count === 0)) return <Empty description={t('campaigns.noRedemptions')} />;
  return (
    <div data-testid="redemptions-chart">
      <BarChart data={data} responsive style={{ width: '100%', height: 240 }} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} />
        <YAxis tick={{ fill: token.colorTextSecondary, fontSize: 11 }} stroke={token.colorBorder} allowDecimals={false} width={40} />
        <Tooltip
          cursor={{ fill: token.colorFillSecondary }}
          contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }}
          labelFormatter={(_, payload) => String((payload[0]?.payload as { day?: string } | undefined)?.day ?? '')}
        />
        <Bar dataKey="count" name={t('campaigns.redemptions')} fill={token.colorPrimary} radius={[3, 3, 0, 0]} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('campaigns.perDayIn', { zone: redemptions.data.timezone })}
      </Typography.Text>
    </div>
  );
}

/** `/campaigns/:id`: a campaign's figures, its redemptions per day, the codes' export and revocation. */
export default function CampaignPage() {
  const { t, locale } = useI18n();
  const worth = useCodeWorth();
  const id = Number(useParams().id);
  const campaign = useQuery(campaignQueryOptions(id));
  const [revoking, setRevoking] = useState(false);
  if (campaign.isError) return <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />;
  if (!campaign.data) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const item = campaign.data;
  const name = item.name ?? t('campaigns.unnamed', { id: item.id });
  const revocable = item.state === 'active';
  return (
    <>
      <PageHeader
        title={name}
        crumbs={[{ title: name }]}
        extra={
          <Flex gap={8}>
            <Button icon={<DownloadOutlined />} href={codesCsvUrl(item.id)} download>
              {t('campaigns.exportCodes')}
            </Button>
            <Button danger icon={<StopOutlined />} disabled={!revocable} onClick={() => setRevoking(true)}>
              {t('campaigns.revoke')}
            </Button>
          </Flex>
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <Card size="small" style={{ flex: '1 1 160px' }}>
          <Statistic title={t('campaigns.codes')} value={item.count} />
        </Card>
        <Card size="small" style={{ flex: '1 1 160px' }}>
          <Statistic title={t('campaigns.redeemed')} value={item.redeemed} suffix={`/ ${item.count}`} />
        </Card>
        <Card size="small" style={{ flex: '1 1 160px' }}>
          <Statistic title={t('campaigns.rate')} value={item.count === 0 ? 0 : (item.redeemed / item.count) * 100} precision={1} suffix="%" />
        </Card>
        <Card size="small" style={{ flex: '1 1 160px' }}>
          <Statistic title={t('campaigns.revokedCodes')} value={item.revoked} />
        </Card>
      </Flex>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('campaigns.state')}>
            <CampaignStateTag state={item.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.worth')}>{worth(item)}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.expiresAt')}>{item.expiresAt ? formatDateTime(item.expiresAt, locale) : t('campaigns.noExpiry')}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.createdAt')}>{formatDateTime(item.createdAt, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.createdBy')}>{item.createdBy || '—'}</Descriptions.Item>
          {item.revokedAt && <Descriptions.Item label={t('campaigns.revokedAt')}>{formatDateTime(item.revokedAt, locale)}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card size="small" title={t('campaigns.redemptionsOverTime')}>
        <RedemptionsChart id={item.id} />
      </Card>
      <RevokeCampaignModal campaign={item} open={revoking} onClose={() => setRevoking(false)} />
    </>
  );
}
