import { createHash, timingSafeEqual } from 'node:crypto';
import type { OperatorRole } from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { type Actor, API_TOKEN_PREFIX, type OperatorAuth } from './operators.js';

/**
 * An `/admin/...` route's rule: the roles whose API token may call it (owner always may), the
 * audit action a change writes, and whether the bootstrap ADMIN_TOKEN may call it too.
 */
export interface AdminRule {
  role: OperatorRole | readonly OperatorRole[];
  audit?: string;
  bootstrap?: true;
}

/** The name the audit log keeps for calls made with the bootstrap token, which belongs to nobody. */
export const BOOTSTRAP_USERNAME = 'bootstrap';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function invalid(): AppError {
  return new AppError('ADMIN_TOKEN_INVALID', 'A valid operator API token is required (Authorization: Bearer opk_...)');
}

/**
 * Who calls `/admin/...`: an operator's API token (`opk_...`), whose role the route's rule must
 * allow, so every change is audited under that operator; or the bootstrap ADMIN_TOKEN, which may
 * only make operators and their tokens. Console session cookies are not taken here: the admin
 * calls are for the operator's command and scripts, which carry no CSRF token.
 */
export class AdminAccess {
  private readonly bootstrap: Buffer;
  private readonly actors = new WeakMap<FastifyRequest, Actor>();

  constructor(
    private readonly operators: OperatorAuth,
    bootstrapToken: string,
  ) {
    this.bootstrap = digest(bootstrapToken);
  }

  /** Runs before validation, so a caller who may not call learns nothing from the validation errors. */
  async check(request: FastifyRequest, rule: AdminRule): Promise<void> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) throw invalid();
    if (timingSafeEqual(digest(bearer), this.bootstrap)) {
      if (!rule.bootstrap) {
        throw new AppError(
          'BOOTSTRAP_TOKEN_LIMITED',
          "The bootstrap admin token only makes operators and their API tokens; send an operator's API token (npm run admin -- token create)",
        );
      }
      this.actors.set(request, { operatorId: null, username: BOOTSTRAP_USERNAME, role: 'owner', via: 'bootstrap', ip: request.ip ?? null });
      return;
    }
    if (!bearer.startsWith(API_TOKEN_PREFIX)) throw invalid();
    try {
      this.actors.set(request, await this.operators.require(request, rule.role));
    } catch (error) {
      if (error instanceof AppError && error.code === 'OPERATOR_UNAUTHENTICATED') throw invalid();
      throw error;
    }
  }

  /** The actor of a request `check()` has passed. */
  actor(request: FastifyRequest): Actor {
    const actor = this.actors.get(request);
    if (!actor) throw new Error('actor() before check()');
    return actor;
  }
}
