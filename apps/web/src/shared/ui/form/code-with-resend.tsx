import type { CodeChannel, CodePurpose } from '@drama/contracts';
import { useCodeSender } from '../../account/use-code-sender';
import { destinationErrorKey, maskDestination, normaliseDestination } from '../../form/code-destination';
import type { FieldBinding } from '../../form/use-form';
import { useTranslation } from '../../i18n/i18n';
import { toast } from '../toast/toast-store';
import { CodeField } from './code-field';

type CodeWithResendProps = FieldBinding & {
  purpose: CodePurpose;
  channel: CodeChannel;
  /** The phone or email as typed in its own field. */
  destination: string;
  /** Asked to send before the destination is valid: what to say on its field. */
  onBadDestination: (message: string) => void;
  /** The toast once a code is on its way; it names the masked destination. */
  sentKey: 'auth.codeSent' | 'auth.resetCodeSent';
  /** Each attempt starts afresh: the form clears its last failure. */
  onAttempt: () => void;
  onSendError: (error: unknown) => void;
  autoFocus?: boolean;
};

/**
 * The code field and its send button: sending (through the quick check when the server asks
 * for one), the resend countdown and today's allowance, all kept per destination.
 */
export function CodeWithResend({
  purpose,
  channel,
  destination,
  onBadDestination,
  sentKey,
  onAttempt,
  onSendError,
  ...field
}: CodeWithResendProps) {
  const { t } = useTranslation();
  const target = normaliseDestination(channel, destination);
  const sender = useCodeSender(purpose, channel, target);

  const send = () => {
    onAttempt();
    if (!target) {
      onBadDestination(t(destinationErrorKey(channel, destination)));
      return;
    }
    sender.send(target, {
      onSuccess: () => toast.success(t(sentKey, { target: maskDestination(channel, target) })),
      onError: onSendError,
    });
  };

  return (
    <CodeField
      {...field}
      onSend={send}
      sending={sender.sending}
      secondsLeft={sender.secondsLeft}
      remainingToday={sender.remainingToday}
      sentBefore={sender.sentBefore}
    />
  );
}
