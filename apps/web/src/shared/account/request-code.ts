import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  codeLimitDetailsSchema,
  codeRequestResponseSchema,
  type CodeChannel,
  type CodePurpose,
  type CodeRequestBody,
  type CodeRequestResult,
} from '@drama/contracts';
import { api } from '../api/api';
import { isApiError } from '../api/api-client';
import { withChallenge } from '../challenge/with-challenge';
import { cooldownKey, recordCooldown } from './code-cooldowns';

/** `POST /client/auth/codes`: a 6-digit code to an email (reset or bind) or a phone (bind). */
export function requestCode(body: CodeRequestBody): Promise<CodeRequestResult> {
  return withChallenge((challenge) =>
    api.post(apiPaths.authCodes(), { schema: codeRequestResponseSchema, body: { ...body, challenge } }),
  );
}

function bodyFor(purpose: CodePurpose, channel: CodeChannel, target: string): CodeRequestBody {
  if (channel === 'phone') return { channel, target, purpose: 'bind' };
  return { channel, target, purpose };
}

/**
 * Sends codes for one form. `target` is the normalised destination (what the shared schema
 * outputs); the countdown and today's allowance are recorded from the answer, or from the
 * details of a CODE_COOLDOWN / CODE_DAILY_LIMIT refusal.
 */
export function useRequestCode(purpose: CodePurpose, channel: CodeChannel) {
  return useMutation({
    mutationFn: (target: string) => requestCode(bodyFor(purpose, channel, target)),
    onSuccess: (result, target) => {
      recordCooldown(cooldownKey(purpose, channel, target), result.resendAfter, result.remainingToday);
    },
    onError: (error, target) => {
      if (!isApiError(error) || (error.code !== 'CODE_COOLDOWN' && error.code !== 'CODE_DAILY_LIMIT')) return;
      const details = codeLimitDetailsSchema.safeParse(error.details);
      if (!details.success) return;
      // A daily limit waits until tomorrow: the button stays off, the hint says why.
      recordCooldown(cooldownKey(purpose, channel, target), details.data.retryAfter, details.data.remainingToday);
    },
  });
}
