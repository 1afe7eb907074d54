import { expect, type APIRequestContext } from '@playwright/test';
import { API_BASE, apiPaths, watchRecordListResponseSchema, type Session } from '@drama/contracts';

/** The bearer header of a member's session, for the test's own calls. */
export function memberHeaders(session: Session): Record<string, string> {
  return { Authorization: `Bearer ${session.token}` };
}

/** A member's watch of an episode, `progress` seconds in, through the calls the player makes. */
export async function watch(request: APIRequestContext, session: Session, dramaId: number, episodeId: number, progress = 0) {
  const started = await request.post(`${API_BASE}${apiPaths.watch(dramaId, episodeId)}`, {
    headers: memberHeaders(session),
    params: { episodeId },
  });
  expect(started.ok(), await started.text()).toBe(true);
  if (progress === 0) return;
  const reported = await request.post(`${API_BASE}${apiPaths.progress(dramaId)}`, {
    headers: memberHeaders(session),
    params: { episodeId, progress },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
}

/** The member's history as the server keeps it, most recent first. */
export async function serverHistory(request: APIRequestContext, session: Session) {
  const response = await request.get(`${API_BASE}${apiPaths.watchRecords()}`, {
    headers: memberHeaders(session),
    params: { limit: 100 },
  });
  return watchRecordListResponseSchema.parse(await response.json()).data.items;
}
