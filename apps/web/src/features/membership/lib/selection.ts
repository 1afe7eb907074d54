import { paymentChannelIdSchema, planCodeSchema, type PaymentChannel, type PaymentChannelId, type Plan, type PlanCode } from '@drama/contracts';
import { withWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';

/** The plan a member sees chosen: theirs, else the best value, else the first. */
export function pickPlan(plans: readonly Plan[], chosen: PlanCode | null): Plan | undefined {
  return plans.find((plan) => plan.code === chosen) ?? plans.find((plan) => plan.isBestValue) ?? plans[0];
}

export function pickChannel(channels: readonly PaymentChannel[], chosen: PaymentChannelId | null): PaymentChannel | undefined {
  return channels.find((channel) => channel.id === chosen) ?? channels[0];
}

/** The checkout step's address carries the choice (and the episode it unlocks), so a reload or a shared link keeps it. */
export function checkoutPath(plan: PlanCode, channel: PaymentChannelId, target: WatchTarget | null = null): string {
  return withWatchTarget(`/membership/payment?${new URLSearchParams({ plan, channel }).toString()}`, target);
}

export function readPlanCode(value: string | null): PlanCode | null {
  const parsed = planCodeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readChannelId(value: string | null): PaymentChannelId | null {
  const parsed = paymentChannelIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
