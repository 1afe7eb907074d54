import type { APIRequestContext } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  createOrderResponseSchema,
  dramaListResponseSchema,
  systemSettingsResponseSchema,
  type Locale,
} from '@drama/contracts';

/** The same typed calls the app makes, so the tests compare the screen with the real answers. */
export async function hotDramas(request: APIRequestContext, locale: Locale) {
  const response = await request.get(`${API_BASE}${apiPaths.dramas()}?sort=hot&limit=10`, {
    headers: { 'Accept-Language': locale },
  });
  return dramaListResponseSchema.parse(await response.json()).data.items;
}

/** The settings as a viewer of `locale` gets them: the legal texts and tagline are per locale. */
export async function systemSettings(request: APIRequestContext, locale: Locale = 'en-US') {
  const response = await request.get(`${API_BASE}${apiPaths.settings()}`, { headers: { 'Accept-Language': locale } });
  return systemSettingsResponseSchema.parse(await response.json()).data;
}

/** The first plan bought by a member through the sandbox checkout, without the screens: the paid order. */
export async function paidOrder(request: APIRequestContext, token: string) {
  const created = await request.post(`${API_BASE}${apiPaths.orders()}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { planId: 1, channel: 'alipay' },
  });
  const { order } = createOrderResponseSchema.parse(await created.json()).data;
  await request.post(`${API_BASE}${apiPaths.sandboxCheckout(order.orderNo)}`, { data: { result: 'success' } });
  return order;
}
