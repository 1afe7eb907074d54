import type { PaymentChannel, PaymentChannelId } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { ChoiceButton } from '../../../shared/ui/choice-button';

interface ChannelChipsProps {
  channels: readonly PaymentChannel[];
  selected: PaymentChannelId | undefined;
  onSelect: (id: PaymentChannelId) => void;
}

/**
 * The payment channels as one row of chips in the pay bar, beside the total they pay: in the
 * page below the plans they sat under the bar, out of sight on a phone.
 */
export function ChannelChips({ channels, selected, onSelect }: ChannelChipsProps) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('membership.channelsTitle')} className="flex gap-2 pb-3" data-testid="pay-channels">
      {channels.map((channel) => {
        const checked = channel.id === selected;
        return (
          <ChoiceButton
            key={channel.id}
            selected={checked}
            onSelect={() => onSelect(channel.id)}
            testId={`channel-${channel.id}`}
            className={`flex h-10 min-w-0 flex-1 items-center justify-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors duration-150 active:scale-[0.98] ${
              checked ? 'border-accent-fill bg-accent-fill/10 text-fg' : 'border-line-strong text-fg-muted'
            }`}
          >
            <ChannelIcon channel={channel.id} size="sm" />
            <span className="truncate">{t(`membership.channels.${channel.id}`)}</span>
          </ChoiceButton>
        );
      })}
    </div>
  );
}
