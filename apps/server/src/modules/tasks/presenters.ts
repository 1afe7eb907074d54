import type { Task, TaskStatus } from '@drama/contracts';
import type { TaskDefinition } from './definitions.js';

/**
 * A task as the member sees it. Received: claimed for the current period (today, or ever for
 * a newbie task); completed: the target is reached and the reward waits; in progress: some of
 * the way; not started: none of it. A task done by claiming it (the check-in) has nothing to
 * reach first: it reads 0 of its target, not started, until the claim makes it received.
 */
export function presentTask(
  definition: TaskDefinition,
  state: { progress: number; claimedPoints: number | null; rewardPoints: number },
): Task {
  const claimed = state.claimedPoints !== null;
  const done = definition.source === 'claim' ? 0 : state.progress;
  const progress = claimed ? definition.target : Math.min(Math.max(done, 0), definition.target);
  let status: TaskStatus;
  if (claimed) status = 'received';
  else if (progress >= definition.target) status = 'completed';
  else if (progress > 0) status = 'in_progress';
  else status = 'not_started';
  return {
    type: definition.type,
    category: definition.category,
    status,
    progress,
    target: definition.target,
    rewardPoints: state.claimedPoints ?? state.rewardPoints,
  };
}
