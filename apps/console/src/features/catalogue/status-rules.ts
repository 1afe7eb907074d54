import type { ConsoleDramaStatusChange, DramaStatus } from '@drama/contracts';

/** The statuses in which viewers can reach a drama (listed, or by its link). */
const SEEN_BY_VIEWERS: readonly DramaStatus[] = ['published', 'unlisted'];

/** A change that alters what viewers see asks for confirmation first. */
export function changesWhatViewersSee(from: DramaStatus, to: DramaStatus): boolean {
  if (from === to) return false;
  return SEEN_BY_VIEWERS.includes(from) || SEEN_BY_VIEWERS.includes(to);
}

export type StatusProblem = 'coverRequired' | 'publishAtRequired' | 'publishAtPast';

/** What keeps a status change from being sent, checked as the server does. */
export function statusProblem(to: DramaStatus, hasCover: boolean, publishAt: Date | null, now: Date): StatusProblem | null {
  if (to !== 'draft' && !hasCover) return 'coverRequired';
  if (to === 'scheduled') {
    if (!publishAt) return 'publishAtRequired';
    if (publishAt.getTime() <= now.getTime()) return 'publishAtPast';
  }
  return null;
}

/** The request body for a status change; a scheduled time travels with the operator's offset. */
export function statusRequest(to: DramaStatus, publishAt: Date | null): ConsoleDramaStatusChange {
  if (to === 'scheduled') {
    if (!publishAt) throw new Error('a scheduled status needs its time');
    return { status: 'scheduled', publishAt: publishAt.toISOString() };
  }
  return { status: to };
}
