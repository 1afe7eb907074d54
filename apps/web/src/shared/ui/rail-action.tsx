import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import './video-motion.css';

export interface RailActionProps {
  icon: LucideIcon;
  label: string;
  caption: string;
  onClick: () => void;
  active?: boolean;
  activeClass?: string;
  pressed?: boolean;
  testId: string;
}

/** One button of the column of actions over a video: a big icon with its caption under it. */
export function RailAction({ icon: Icon, label, caption, onClick, active = false, activeClass = '', pressed, testId }: RailActionProps) {
  // Each tap remounts the icon, so switching it on pops it again.
  const [pop, setPop] = useState(0);
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      data-testid={testId}
      onClick={() => {
        setPop((value) => value + 1);
        onClick();
      }}
      className="group flex w-16 flex-col items-center gap-0.5 rounded-2xl py-0.5 text-white"
    >
      <span className="grid size-11 place-items-center rounded-full transition-transform duration-150 group-active:scale-90">
        <Icon
          key={pop}
          aria-hidden
          className={`size-[30px] drop-shadow-[0_1px_3px_rgb(0_0_0/0.55)] ${pop && active ? 'rail-pop' : ''} ${active ? activeClass : ''}`}
          strokeWidth={active ? 0 : 1.9}
        />
      </span>
      <span
        data-testid={`${testId}-caption`}
        className="max-w-full truncate text-[11px] leading-tight font-semibold tabular-nums drop-shadow-[0_1px_2px_rgb(0_0_0/0.7)]"
      >
        {caption}
      </span>
    </button>
  );
}
