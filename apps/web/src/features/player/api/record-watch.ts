import { apiPaths, type recordedResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

/** A member started an episode (spec section 7). */
export function recordWatch(dramaId: number, episodeId: number) {
  return api.post(apiPaths.watch(dramaId, episodeId), { schema: unchecked<typeof recordedResponseSchema>(), query: { episodeId } });
}
