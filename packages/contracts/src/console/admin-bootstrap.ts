import { z } from 'zod';
import { operatorUsernameSchema } from './operators.js';

/**
 * The calls the bootstrap ADMIN_TOKEN may make (`/api/v1/admin/operators...`): making an
 * operator, resetting their two-factor, disabling them and issuing them an API token. An owner's
 * API token may make them too. Operators are named by username, as the operator's command names them.
 */
export const adminOperatorParamsSchema = z.object({ username: operatorUsernameSchema });
