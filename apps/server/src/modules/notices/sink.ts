import type { NoticeKind } from '@drama/contracts';

export interface NewNotice { id: number; userId: number; kind: NoticeKind; values: Record<string, string | number>; createdAt: Date }
export interface NoticeSink { delivered(notices: readonly NewNotice[]): Promise<void> }
