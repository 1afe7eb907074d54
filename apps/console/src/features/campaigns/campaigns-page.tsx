import { CAMPAIGN_STATES, consoleCampaignListQuerySchema, type ConsoleCampaign } from '@drama/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Progress, Select, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { FilterBar } from '../../shared/list/filter-bar';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { campaignListQueryOptions } from './api';
import { CampaignStateTag, useCodeWorth } from './campaign-tags';
import { CreateCampaignModal } from './create-campaign-modal';

interface FilterForm {
  q?: string;
  type?: ConsoleCampaign['type'];
  state?: ConsoleCampaign['state'];
}

/** `/campaigns`: every redeem campaign, newest first, with how much of it was redeemed. */
export default function CampaignsPage() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const worth = useCodeWorth();
  const [creating, setCreating] = useState(false);
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(consoleCampaignListQuerySchema);
  const campaigns = useQuery(campaignListQueryOptions(filters));

  const columns: TableColumnsType<ConsoleCampaign> = [
    {
      title: t('campaigns.name'),
      dataIndex: 'name',
      render: (name: string | null, campaign) => <Link to={`/campaigns/${campaign.id}`}>{name ?? t('campaigns.unnamed', { id: campaign.id })}</Link>,
    },
    { title: t('campaigns.worth'), key: 'worth', width: 130, render: (_: unknown, campaign) => worth(campaign) },
    {
      title: t('campaigns.redeemed'),
      key: 'redeemed',
      width: 200,
      render: (_: unknown, campaign) => (
        <Flex vertical gap={0}>
          <Typography.Text>{t('campaigns.redeemedOf', { redeemed: campaign.redeemed, count: campaign.count })}</Typography.Text>
          <Progress percent={Math.round((campaign.redeemed / campaign.count) * 100)} size="small" showInfo={false} />
        </Flex>
      ),
    },
    { title: t('campaigns.state'), dataIndex: 'state', width: 100, render: (state: ConsoleCampaign['state']) => <CampaignStateTag state={state} /> },
    { title: t('campaigns.expiresAt'), dataIndex: 'expiresAt', width: 140, render: (iso: string | null) => (iso ? formatDateTime(iso, locale) : t('campaigns.noExpiry')) },
    { title: t('campaigns.createdAt'), dataIndex: 'createdAt', width: 140, render: (iso: string) => formatDateTime(iso, locale) },
    { title: t('campaigns.createdBy'), dataIndex: 'createdBy', width: 120, render: (name: string) => name || '—' },
  ];

  const initial: FilterForm = { q: filters.q, type: filters.type, state: filters.state };
  return (
    <>
      <PageHeader
        title={t('campaigns.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('campaigns.create')}
          </Button>
        }
      />
      <FilterBar<FilterForm>
        initial={initial}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) => setFilters({ q: values.q?.trim() || undefined, type: values.type, state: values.state })}
      >
        <Form.Item name="q">
          <Input allowClear style={{ width: 240 }} placeholder={t('campaigns.search')} aria-label={t('campaigns.search')} />
        </Form.Item>
        <Form.Item name="type" label={t('campaigns.type')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={(['vip_days', 'points'] as const).map((value) => ({ value, label: t(`campaigns.type.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('campaigns.state')}>
          <Select allowClear style={{ width: 120 }} options={CAMPAIGN_STATES.map((value) => ({ value, label: t(`campaigns.state.${value}`) }))} />
        </Form.Item>
      </FilterBar>
      <QueryTable<ConsoleCampaign>
        rowKey="id"
        query={campaigns}
        items={campaigns.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(campaigns.data, filters, (page, limit) => setFilters({ page, limit }))}
        onRow={(campaign) => ({ onDoubleClick: () => void navigate(`/campaigns/${campaign.id}`) })}
      />
      <CreateCampaignModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
