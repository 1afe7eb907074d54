import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  userId: number;
  version: number;
}

const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Bearer tokens: HS256 JWTs carrying the user id and the user's token version. */
export class TokenService {
  private readonly signer;
  private readonly verifier;

  constructor(secret: string) {
    this.signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_TTL_MS });
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  }

  sign(claims: TokenClaims): string {
    return this.signer({ sub: String(claims.userId), ver: claims.version });
  }

  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  verify(token: string): TokenClaims | null {
    try {
      const payload = this.verifier(token) as { sub?: unknown; ver?: unknown };
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId <= 0 || typeof payload.ver !== 'number') return null;
      return { userId, version: payload.ver };
    } catch {
      return null;
    }
  }
}
