import {
  type ConsoleOutboxQuery,
  consoleOutboxListResponseSchema,
  consolePaymentChannelsResponseSchema,
  type ConsoleSettingsPatch,
  consoleSettingsResponseSchema,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const settingsKeys = {
  settings: ['console', 'settings'] as const,
  channels: ['console', 'payment-channels'] as const,
  outbox: ['console', 'outbox'] as const,
};

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }) => api('/settings', { schema: consoleSettingsResponseSchema, signal }),
  });
}

export function updateSettings(body: ConsoleSettingsPatch) {
  return api('/settings', { method: 'PATCH', body, schema: consoleSettingsResponseSchema });
}

export function channelsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.channels,
    queryFn: ({ signal }) => api('/payment-channels', { schema: consolePaymentChannelsResponseSchema, signal }),
  });
}

export function outboxQueryOptions(query: ConsoleOutboxQuery) {
  return queryOptions({
    queryKey: [...settingsKeys.outbox, query],
    queryFn: ({ signal }) => api('/outbox', { schema: consoleOutboxListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}
