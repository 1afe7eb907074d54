import type { PointsRecordType } from '@drama/contracts';
import {
  ArrowRightLeft,
  CalendarCheck,
  Coins,
  Crown,
  ListChecks,
  PlayCircle,
  Share2,
  ShieldCheck,
  Ticket,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';

/** The icon of each kind of ledger line. */
export const RECORD_ICON: Record<PointsRecordType, LucideIcon> = {
  task_reward: ListChecks,
  sign_in: CalendarCheck,
  watch: PlayCircle,
  share: Share2,
  exchange: ArrowRightLeft,
  invite: UserPlus,
  admin: ShieldCheck,
  other: Coins,
  vip_exchange: Crown,
  redeem_code: Ticket,
};
