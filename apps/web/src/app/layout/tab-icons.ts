import { CircleUserRound, Compass, House, LayoutGrid, type LucideIcon } from 'lucide-react';
import type { TabKey } from './tab-model';

/** Each tab's icon, the same in the phone's tab bar and the wide screen's side rail. */
export const TAB_ICONS: Record<TabKey, LucideIcon> = {
  home: House,
  category: LayoutGrid,
  explore: Compass,
  profile: CircleUserRound,
};
