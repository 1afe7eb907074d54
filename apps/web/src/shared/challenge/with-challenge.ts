import { isApiError } from '../api/api-client';
import { askForChallenge } from './challenge-store';

/**
 * Sends a call, and when the server answers CHALLENGE_REQUIRED (the caller is near an abuse
 * limit) has the person pass the check and sends it once more with the solved payload. Closing
 * the check gives the caller the original refusal to show.
 */
export async function withChallenge<T>(send: (challenge?: string) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'CHALLENGE_REQUIRED') throw error;
    const payload = await askForChallenge();
    if (!payload) throw error;
    return send(payload);
  }
}
