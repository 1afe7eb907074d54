import { apiPaths, type recordedResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

/** A member's position in an episode, in whole seconds (spec section 7). */
export function reportProgress(dramaId: number, episodeId: number, progress: number) {
  return api.post(apiPaths.progress(dramaId), { schema: unchecked<typeof recordedResponseSchema>(), query: { episodeId, progress } });
}
