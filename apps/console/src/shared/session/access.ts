import type { OperatorRole } from '@drama/contracts';

/** Who may open a page or make a call: every operator, or the roles listed (an owner always may). */
export type Access = 'everyone' | readonly OperatorRole[];

export function mayUse(role: OperatorRole, access: Access): boolean {
  return access === 'everyone' || role === 'owner' || access.includes(role);
}
