import type { PaymentChannel } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { ChoiceButton, type ChoiceProps } from '../../../shared/ui/choice-button';

interface ChannelOptionProps extends ChoiceProps {
  channel: PaymentChannel;
}

/** A payment channel as a radio row: the wallet's mark, its name, and the round check. */
export function ChannelOption({ channel, selected, onSelect }: ChannelOptionProps) {
  const { t } = useTranslation();
  return (
    <ChoiceButton
      selected={selected}
      onSelect={onSelect}
      testId={`channel-${channel.id}`}
      className="flex min-h-14 w-full items-center gap-3 px-4 text-left active:bg-surface-2"
    >
      <ChannelIcon channel={channel.id} />
      <span className="min-w-0 flex-1 truncate text-[15px] font-medium">{t(`membership.channels.${channel.id}`)}</span>
      <span
        aria-hidden
        className={`grid size-[22px] shrink-0 place-items-center rounded-full border-2 transition-colors duration-150 ${
          selected ? 'border-accent-fill bg-accent-fill' : 'border-line-strong'
        }`}
      >
        {selected && <span className="size-2 rounded-full bg-on-accent" />}
      </span>
    </ChoiceButton>
  );
}
