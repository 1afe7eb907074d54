import type { LucideIcon } from 'lucide-react';

const SIZES = {
  md: { circle: 'size-16', glyph: 'size-8' },
  lg: { circle: 'size-[72px]', glyph: 'size-9' },
} as const;

interface StatusIconProps {
  icon: LucideIcon;
  /** The circle's colours, by what happened: `bg-danger/12 text-danger`. */
  tone: string;
  size?: keyof typeof SIZES;
  spin?: boolean;
}

/** The large tinted icon at the head of a card that says how something went. */
export function StatusIcon({ icon: Icon, tone, size = 'md', spin = false }: StatusIconProps) {
  const dims = SIZES[size];
  return (
    <span className={`grid ${dims.circle} place-items-center rounded-full ${tone}`}>
      <Icon aria-hidden className={`${dims.glyph} ${spin ? 'animate-spin' : ''}`} strokeWidth={1.75} />
    </span>
  );
}
