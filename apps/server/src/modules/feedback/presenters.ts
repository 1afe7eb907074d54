import type { Feedback } from '@drama/contracts';
import { uploadUrl } from '../uploads/service.js';
import type { FeedbackRecord, ReplyRecord, ScreenshotRecord } from './queries.js';

export function presentFeedback(
  row: FeedbackRecord,
  screenshots: readonly ScreenshotRecord[],
  replies: readonly ReplyRecord[],
): Feedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contact: row.contact,
    screenshots: screenshots
      .filter((shot) => shot.feedback_id === row.id)
      .map((shot) => ({ id: shot.upload_id, url: uploadUrl(shot.file_name) })),
    status: row.status,
    replies: replies
      .filter((reply) => reply.feedback_id === row.id)
      .map((reply) => ({
        id: reply.id,
        author: reply.author,
        content: reply.content,
        createdAt: reply.created_at.toISOString(),
      })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
