import { CHECK_IN_REWARDS, type PointsRecordType, type TaskType } from '@drama/contracts';

/** Where a task's progress comes from. */
export type ProgressSource =
  /** Claiming is the action itself (the check-in). */
  | 'claim'
  /** Dramas the member started today, from the server's own watch records. */
  | 'watchedDramas'
  /** Reported by the client through the progress call: the server cannot see it. */
  | 'reported'
  /** The account's phone is bound. */
  | 'phone'
  /** A nickname chosen, an avatar uploaded: one step each. */
  | 'profile'
  /** The member opened the official account an operator set, then said it is done. */
  | 'follow'
  /** Members who signed up with this member's invite code and have watched an episode. */
  | 'invites';

export interface TaskDefinition {
  type: TaskType;
  category: 'daily' | 'newbie';
  target: number;
  /** Points of a claim; the check-in's depend on the streak (CHECK_IN_REWARDS). */
  reward: number;
  recordType: PointsRecordType;
  source: ProgressSource;
}

/**
 * The tasks, in the order the tasks page lists them. Daily tasks reset at 00:00 in
 * APP_TIMEZONE; newbie tasks are claimed once per account.
 *
 * - dailyCheckIn: claiming it is the check-in; its reward grows with the streak.
 * - watchVideo: start episodes of 3 different dramas today (a drama counts once a day, the
 *   way the drama's view count does; the watch records keep one record per drama).
 * - shareContent: share once today (reported by the client).
 * - bindPhone: a phone number is bound to the account.
 * - completeProfile: a nickname is chosen and an avatar uploaded (progress 0-2): the avatar
 *   counts only when it came through the upload, which checks it is an image.
 * - followUs: open the official account set in system settings, then confirm (reported by the
 *   client, counted only after the open was recorded); not offered while none is set.
 * - inviteFriends: someone signed up with the member's invite code and watched an episode.
 */
export const TASKS: readonly TaskDefinition[] = [
  { type: 'dailyCheckIn', category: 'daily', target: 1, reward: CHECK_IN_REWARDS[0], recordType: 'sign_in', source: 'claim' },
  { type: 'watchVideo', category: 'daily', target: 3, reward: 20, recordType: 'task_reward', source: 'watchedDramas' },
  { type: 'shareContent', category: 'daily', target: 1, reward: 10, recordType: 'task_reward', source: 'reported' },
  { type: 'bindPhone', category: 'newbie', target: 1, reward: 50, recordType: 'task_reward', source: 'phone' },
  { type: 'completeProfile', category: 'newbie', target: 2, reward: 30, recordType: 'task_reward', source: 'profile' },
  { type: 'followUs', category: 'newbie', target: 1, reward: 20, recordType: 'task_reward', source: 'follow' },
  { type: 'inviteFriends', category: 'newbie', target: 1, reward: 100, recordType: 'invite', source: 'invites' },
];

export function taskDefinition(type: TaskType): TaskDefinition {
  const definition = TASKS.find((task) => task.type === type);
  if (!definition) throw new Error(`No definition of task ${type}`);
  return definition;
}
