import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** CPU and memory cost (a power of two); memory used is 128 * N * r bytes. */
  N: number;
  r: number;
  p: number;
}

/**
 * 2^15 x 8 x 1 takes 32 MiB and roughly 100 ms on the 2-core target, which keeps sign-in quick
 * under load while making each guess expensive in memory. The parameters are stored with each
 * hash, so raising them later upgrades every account at its next sign-in.
 */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
/** For the test suite only (NODE_ENV=test): still scrypt, a fraction of the cost. */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | null {
  // scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(Math.log2(N)) || N > 2 ** 20 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || hash.length < 16) return null;
  return { params: { N, r, p }, salt, hash };
}

/** Memory-hard password hashing with Node's scrypt; no native dependencies. */
export class PasswordHasher {
  constructor(private readonly params: ScryptParams = DEFAULT_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.params, KEY_LENGTH);
    const { N, r, p } = this.params;
    return [PREFIX, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /** Compares in constant time; a malformed stored value never matches. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) {
      // Spend the same effort as a real check, so the answer's timing reveals nothing.
      await this.burn(password);
      return false;
    }
    const key = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
    return timingSafeEqual(key, parsed.hash);
  }

  /** True when the stored hash was made with weaker parameters than the current ones. */
  needsRehash(stored: string): boolean {
    const parsed = parse(stored);
    if (!parsed) return true;
    const { N, r, p } = parsed.params;
    return N * r * p < this.params.N * this.params.r * this.params.p;
  }

  /** A check against nothing: used when the account does not exist, to keep timings alike. */
  async burn(password: string): Promise<void> {
    await derive(password, Buffer.alloc(SALT_LENGTH), this.params, KEY_LENGTH);
  }
}
