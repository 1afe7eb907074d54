import { apiPaths, type paywallSeenResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

/**
 * The gate of a locked episode is on screen: a paywall hit for the operators' funnel (the player
 * never asks for the address of an episode it knows this viewer may not play, so the server
 * would not see it otherwise). Counting is best effort: a failure is no concern of the viewer's.
 */
export function reportPaywallSeen(episodeId: number): void {
  api.post(apiPaths.paywallSeen(episodeId), { schema: unchecked<typeof paywallSeenResponseSchema>() }).catch(() => undefined);
}
