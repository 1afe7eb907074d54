/**
 * The console's feedback inbox: an item may be assigned to one operator (who answers it), and
 * the unanswered count of the navigation badge reads pending items only.
 *
 * - feedback.assignee_id: the operator it is assigned to; null when nobody is. An operator is
 *   never deleted (only disabled), but the item would lose its assignee rather than block that.
 */
export const statements = [
  `alter table feedback add column assignee_id integer references operators(id) on delete set null`,
  `create index feedback_assignee_idx on feedback (assignee_id, created_at desc, id desc) where assignee_id is not null`,
  `create index feedback_pending_idx on feedback (created_at) where status = 'pending'`,
];
