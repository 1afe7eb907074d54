import { FEEDBACK_LIMITS } from '@drama/contracts';

export type ScreenshotProblem = 'tooLarge' | 'notImage';

/**
 * The same limits the server enforces, checked before uploading so a 20 MB photo is refused
 * at once instead of after a long upload. The server still checks the content itself.
 */
export function checkScreenshot(file: { size: number; type: string }): ScreenshotProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > FEEDBACK_LIMITS.uploadMaxBytes) return 'tooLarge';
  return null;
}
