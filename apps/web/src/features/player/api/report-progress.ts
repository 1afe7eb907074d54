import { apiPaths, recordedResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** A member's position in an episode, in whole seconds (spec section 7). */
export function reportProgress(dramaId: number, episodeId: number, progress: number) {
  return api.post(apiPaths.progress(dramaId), { schema: recordedResponseSchema, query: { episodeId, progress } });
}
