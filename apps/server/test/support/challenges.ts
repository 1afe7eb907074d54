import { apiPaths, challengeResponseSchema } from '@drama/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import type { accountClient } from './accounts.js';

/** Asks for a challenge and solves it as the widget does, giving the payload a call carries. */
export async function solvedChallenge(api: ReturnType<typeof accountClient>, from?: string): Promise<string> {
  const answer = await api.call('GET', apiPaths.authChallenge(), from ? { from } : {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const challenge = challengeResponseSchema.parse(answer.body).data;
  const solution = await solveChallenge({
    challenge: challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
  });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
