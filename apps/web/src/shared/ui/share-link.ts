import type { TFunction } from '../i18n/i18n';
import { toast } from './toast/toast-store';

/**
 * Shares a page of the app: the system's share sheet where there is one, else the link is
 * copied. A share the viewer cancels is not a failure.
 */
export async function shareLink(path: string, title: string, text: string, t: TFunction): Promise<void> {
  const url = new URL(path, window.location.origin).toString();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('player.shareFailed'));
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t('player.linkCopied'));
  } catch {
    toast.error(t('player.shareFailed'));
  }
}
