import type { ApiTokenSummary, OperatorRole, OperatorSummary } from '@drama/contracts';
import type { AppContext } from '../../platform/context.js';
import { writeAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { API_TOKEN_PREFIX, type Actor, randomToken, sha256 } from '../../platform/operators.js';
import * as q from './queries.js';
import type { OperatorService } from './service.js';
import { iso } from '../../platform/iso-time.js';

/**
 * What the bootstrap ADMIN_TOKEN may do (and an owner's API token too), by username as the
 * operator's command names operators: make an operator, reset their two-factor, disable them, and
 * issue them an API token. Everything else an operator does with their own token.
 */
export class OperatorBootstrap {
  constructor(
    private readonly ctx: AppContext,
    private readonly operators: OperatorService,
  ) {}

  private async idOf(username: string): Promise<number> {
    const row = await q.operatorByUsername(this.ctx.db, username);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND', `No operator named ${username}`);
    return row.id;
  }

  create(actor: Actor, username: string, role: OperatorRole, origin: string) {
    return this.operators.create(actor, username, role, origin);
  }

  async resetTotp(actor: Actor, username: string): Promise<OperatorSummary> {
    return this.operators.resetTotp(actor, await this.idOf(username));
  }

  /** Their sessions end and their API tokens are revoked; the last active owner stays. */
  async disable(actor: Actor, username: string): Promise<OperatorSummary> {
    return this.operators.update(actor, await this.idOf(username), { status: 'disabled' });
  }

  /** A token for someone else, shown once; its role is at most the operator's own. */
  async issueToken(actor: Actor, username: string, name: string, role: OperatorRole): Promise<{ token: string; record: ApiTokenSummary }> {
    const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
    return this.ctx.db.transaction().execute(async (trx) => {
      const operator = await q.operatorByUsername(trx, username);
      if (!operator) throw new AppError('OPERATOR_NOT_FOUND', `No operator named ${username}`);
      if (operator.status !== 'active') throw new AppError('OPERATOR_DISABLED', 'This operator is disabled');
      if (operator.role !== 'owner' && role !== operator.role) {
        throw new AppError('API_TOKEN_ROLE_TOO_HIGH', `A token of ${username} may have only their role, ${operator.role}`);
      }
      const { id } = await q.insertApiToken(trx, { operatorId: operator.id, name, role, tokenHash: sha256(token), prefix: token.slice(0, 10) });
      const row = await q.tokensQuery(trx).where('t.id', '=', id).executeTakeFirstOrThrow();
      await writeAudit(trx, actor, { action: 'api-token.create', targetType: 'api-token', targetId: id, after: { name, role, prefix: row.prefix, operator: username } });
      const record: ApiTokenSummary = {
        id: row.id,
        name: row.name,
        role: row.role,
        operatorId: row.operator_id,
        operatorUsername: row.operator_username,
        prefix: row.prefix,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: iso(row.last_used_at),
        revokedAt: iso(row.revoked_at),
      };
      return { token, record };
    });
  }
}
