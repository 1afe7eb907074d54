import type { Locale, Plan } from '@drama/contracts';
import type { PlanRow } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { presentPlans } from './presenters.js';
import * as queries from './queries.js';

/** The membership plans on sale. */
export class MembershipService {
  constructor(private readonly ctx: AppContext) {}

  async plans(locale: Locale): Promise<Plan[]> {
    return presentPlans(await queries.findActivePlans(this.ctx.db), locale);
  }

  /** A plan that can be bought now, or PLAN_NOT_FOUND. */
  async planForSale(id: number): Promise<PlanRow> {
    const plan = await queries.findActivePlan(this.ctx.db, id);
    if (!plan) throw new AppError('PLAN_NOT_FOUND', `Plan ${id} not found`);
    return plan;
  }
}
