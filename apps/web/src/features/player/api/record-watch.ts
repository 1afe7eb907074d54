import { apiPaths, recordedResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** A member started an episode (spec section 7). */
export function recordWatch(dramaId: number, episodeId: number) {
  return api.post(apiPaths.watch(dramaId, episodeId), { schema: recordedResponseSchema, query: { episodeId } });
}
