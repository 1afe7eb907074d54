import type { TaskType } from '@drama/contracts';
import {
  CalendarCheck,
  Heart,
  PlayCircle,
  Share2,
  Smartphone,
  UserPlus,
  UserRoundPen,
  type LucideIcon,
} from 'lucide-react';

/** How each task looks: its icon and the tint of the icon's tile (design tokens only). */
export const TASK_LOOK: Record<TaskType, { icon: LucideIcon; tint: string }> = {
  dailyCheckIn: { icon: CalendarCheck, tint: 'bg-accent-soft text-accent' },
  watchVideo: { icon: PlayCircle, tint: 'bg-info/12 text-info' },
  shareContent: { icon: Share2, tint: 'bg-success/12 text-success' },
  inviteFriends: { icon: UserPlus, tint: 'bg-warning/12 text-warning' },
  bindPhone: { icon: Smartphone, tint: 'bg-info/12 text-info' },
  followUs: { icon: Heart, tint: 'bg-accent-soft text-accent' },
  completeProfile: { icon: UserRoundPen, tint: 'bg-gold/15 text-gold' },
};

/** Where "Go" leads for tasks the member completes on another screen. */
export const TASK_DESTINATION: Partial<Record<TaskType, string>> = {
  watchVideo: '/',
  bindPhone: '/settings/bind-phone',
  completeProfile: '/profile/edit',
};
