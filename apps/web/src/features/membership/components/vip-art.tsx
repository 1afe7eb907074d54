import { Crown } from 'lucide-react';

/** The crown on dark, at the head of a gold VIP card. */
export function CrownBadge() {
  return (
    <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-on-gold text-gold-fill">
      <Crown aria-hidden className="size-6" strokeWidth={2} fill="currentColor" fillOpacity={0.25} />
    </span>
  );
}

/** A gold card's light: a glow in its top corner and a faint tilted crown, placed by the card. */
export function GoldShine({ glow, crown }: { glow: string; crown: string }) {
  return (
    <>
      <div aria-hidden className={`pointer-events-none absolute rounded-full bg-white/25 blur-2xl ${glow}`} />
      <Crown aria-hidden className={`pointer-events-none absolute rotate-[-14deg] ${crown}`} strokeWidth={1.5} />
    </>
  );
}
