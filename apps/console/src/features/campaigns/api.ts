import {
  API_BASE,
  campaignRedemptionsResponseSchema,
  consoleCampaignListResponseSchema,
  consoleCampaignResponseSchema,
  type CampaignRevoke,
  type ConsoleCampaignCreate,
  type ConsoleCampaignListQuery,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const campaignKeys = {
  all: ['console', 'campaigns'] as const,
  list: ['console', 'campaigns', 'list'] as const,
  campaign: (id: number) => ['console', 'campaigns', id] as const,
  redemptions: (id: number) => ['console', 'campaigns', id, 'redemptions'] as const,
};

export function campaignListQueryOptions(query: ConsoleCampaignListQuery) {
  return queryOptions({
    queryKey: [...campaignKeys.list, query],
    queryFn: ({ signal }) => api('/campaigns', { schema: consoleCampaignListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function campaignQueryOptions(id: number) {
  return queryOptions({
    queryKey: campaignKeys.campaign(id),
    queryFn: ({ signal }) => api(`/campaigns/${id}`, { schema: consoleCampaignResponseSchema, signal }),
  });
}

export function redemptionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: campaignKeys.redemptions(id),
    queryFn: ({ signal }) => api(`/campaigns/${id}/redemptions`, { schema: campaignRedemptionsResponseSchema, signal }),
  });
}

export function createCampaign(body: ConsoleCampaignCreate) {
  return api('/campaigns', { method: 'POST', body, schema: consoleCampaignResponseSchema });
}

export function revokeCampaign(id: number, body: CampaignRevoke) {
  return api(`/campaigns/${id}/revoke`, { method: 'POST', body, schema: consoleCampaignResponseSchema });
}

/** The codes' CSV: a plain GET the session cookie authenticates, downloaded by the browser. */
export function codesCsvUrl(id: number): string {
  return `${API_BASE}/console/campaigns/${id}/codes.csv`;
}
