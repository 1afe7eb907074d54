/**
 * The shape of a notice as the notices module hands it to its sinks after the notices commit,
 * already filtered by the member's switches. Kept here only until the notices module's own
 * `sink.ts` exports it; then this file re-exports theirs.
 */
export interface NewNotice {
  id: number;
  userId: number;
  kind: string;
  values: Record<string, string | number>;
  createdAt: Date;
}

export interface NoticeSink {
  delivered(notices: readonly NewNotice[]): Promise<void>;
}
