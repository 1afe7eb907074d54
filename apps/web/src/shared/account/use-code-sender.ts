import type { CodeChannel, CodePurpose, CodeRequestResult } from '@drama/contracts';
import { cooldownKey, useCooldown } from './code-cooldowns';
import { useRequestCode } from './request-code';

/**
 * Everything a code field needs for one destination: send, the running countdown, and how
 * many codes are left today. `target` is the normalised destination, or null while invalid.
 */
export function useCodeSender(purpose: CodePurpose, channel: CodeChannel, target: string | null) {
  const request = useRequestCode(purpose, channel);
  const { secondsLeft, remainingToday } = useCooldown(target ? cooldownKey(purpose, channel, target) : null);
  return {
    secondsLeft,
    remainingToday,
    sending: request.isPending,
    sentBefore: remainingToday !== null,
    send: (
      to: string,
      callbacks: { onSuccess?: (result: CodeRequestResult) => void; onError?: (error: unknown) => void } = {},
    ) => {
      if (request.isPending) return;
      request.mutate(to, callbacks);
    },
  };
}
