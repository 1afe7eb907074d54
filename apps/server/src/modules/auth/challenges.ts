import { createHmac } from 'node:crypto';
import type { Challenge } from '@drama/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RateLimits } from '../../platform/rate-limits.js';

const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 rounds per try: the browser pays this times the counter, the server once per challenge. */
const COST = 1_000;
const VALID_MS = 10 * 60_000;

export interface ChallengeOptions {
  key: string;
  /**
   * The highest counter the solver may have to reach: the work is uniform between half of it and
   * all of it (about one second in a phone's browser at 2,000).
   */
  maxCounter: number;
  rateLimits: RateLimits;
}

/**
 * Proof-of-work challenges (ALTCHA), asked for by the abuse limits only when a caller is near
 * one: solving costs a browser a second or two, and a script the same for every try it makes.
 * A solved challenge is good for one call: its nonce is spent in the shared limiter store, so
 * replaying it on another instance fails too.
 */
export class Challenges {
  private readonly keySignatureSecret: string;
  private readonly spent: RateLimiter;

  constructor(private readonly options: ChallengeOptions) {
    // Deterministic mode signs the expected key too, so checking a solution is one HMAC and a
    // flood of made-up payloads costs the server nothing.
    this.keySignatureSecret = createHmac('sha256', options.key).update('challenge-keys').digest('base64url');
    this.spent = options.rateLimits.create('challenges-spent', 1, VALID_MS);
  }

  async create(): Promise<Challenge> {
    const max = Math.max(2, this.options.maxCounter);
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(Math.ceil(max / 2), max),
      deriveKey,
      // The library checks expiry against the wall clock, so the expiry is set by it too.
      expiresAt: new Date(Date.now() + VALID_MS),
      hmacSignatureSecret: this.options.key,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    return { parameters: { ...challenge.parameters }, signature: challenge.signature };
  }

  /** True for a solved, signed, unexpired challenge seen for the first time; it is then spent. */
  async redeem(payload: string | undefined): Promise<boolean> {
    const parsed = parsePayload(payload);
    if (!parsed) return false;
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: parsed.challenge as Parameters<typeof verifySolution>[0]['challenge'],
        solution: parsed.solution as Parameters<typeof verifySolution>[0]['solution'],
        deriveKey,
        hmacSignatureSecret: this.options.key,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
    } catch {
      return false;
    }
    if (!result.verified) return false;
    const nonce = (parsed.challenge as { parameters: { nonce?: unknown } }).parameters.nonce;
    if (typeof nonce !== 'string' || nonce.length === 0) return false;
    return (await this.spent.hit(nonce)).allowed;
  }
}

function parsePayload(payload: string | undefined): { challenge: unknown; solution: unknown } | null {
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { challenge, solution } = value as Record<string, unknown>;
    if (!challenge || typeof challenge !== 'object' || !solution || typeof solution !== 'object') return null;
    if (!('parameters' in challenge) || !challenge.parameters || typeof challenge.parameters !== 'object') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}
