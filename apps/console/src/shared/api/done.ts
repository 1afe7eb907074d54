import { ok } from '@drama/contracts';
import { z } from 'zod';

/** The answer of a change whose result the console does not read, only that it succeeded. */
export const doneResponseSchema = ok(z.unknown());
