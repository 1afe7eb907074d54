import type { PaymentChannelId } from '@drama/contracts';
import { MessageCircle } from 'lucide-react';

/*
 * The channels' own colours, not the app's: people find their wallet by its colour and mark
 * before they read its name. They are the only colours here outside the design tokens.
 */
const BRAND: Record<PaymentChannelId, string> = {
  alipay: 'bg-[#1677ff]',
  wechat: 'bg-[#07c160]',
};

const SIZES = {
  sm: { box: 'size-5 rounded-[6px]', glyph: 'text-[12px]', icon: 'size-3.5' },
  md: { box: 'size-9 rounded-[10px]', glyph: 'text-[20px]', icon: 'size-5' },
} as const;

interface ChannelIconProps {
  channel: PaymentChannelId;
  size?: keyof typeof SIZES;
}

/** Alipay's "支" on its blue, WeChat Pay's speech bubble on its green. */
export function ChannelIcon({ channel, size = 'md' }: ChannelIconProps) {
  const dims = SIZES[size];
  return (
    <span aria-hidden className={`grid shrink-0 place-items-center text-white ${BRAND[channel]} ${dims.box}`}>
      {channel === 'alipay' ? (
        <span className={`leading-none font-black ${dims.glyph}`}>支</span>
      ) : (
        <MessageCircle className={dims.icon} strokeWidth={2.4} fill="currentColor" fillOpacity={0.3} />
      )}
    </span>
  );
}
