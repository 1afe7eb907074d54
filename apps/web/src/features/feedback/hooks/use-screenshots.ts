import { FEEDBACK_LIMITS } from '@drama/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/i18n/error-message';
import { uploadScreenshot } from '../api/upload-screenshot';
import type { ScreenshotItem } from '../components/screenshot-picker';
import { checkScreenshot } from '../lib/screenshot-check';

let nextKey = 1;

/** Screenshots upload as soon as they are chosen, so sending the form waits for nothing. */
export function useScreenshots() {
  const { t } = useTranslation();
  const [items, setItems] = useState<ScreenshotItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const live = controllers.current;
    const previews = urls.current;
    return () => {
      for (const controller of live.values()) controller.abort();
      for (const url of previews) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<ScreenshotItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const describe = useCallback(
    (error: unknown): string => {
      if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') return t('feedback.tooLarge');
      if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('feedback.notImage');
      return errorMessage(t, error);
    },
    [t],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.slice(0, FEEDBACK_LIMITS.screenshotsMax).map((file) => {
        const key = `s${nextKey++}`;
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        const problem = checkScreenshot(file);
        const item: ScreenshotItem = problem
          ? { key, previewUrl, name: file.name, progress: 0, status: 'error', error: t(`feedback.${problem}`) }
          : { key, previewUrl, name: file.name, progress: 0, status: 'uploading' };
        return { item, file, problem };
      });
      setItems((current) => [...current, ...added.map((entry) => entry.item)].slice(0, FEEDBACK_LIMITS.screenshotsMax));
      for (const { item, file, problem } of added) {
        if (problem) continue;
        const controller = new AbortController();
        controllers.current.set(item.key, controller);
        uploadScreenshot(file, (progress) => patch(item.key, { progress }), controller.signal)
          .then((upload) => patch(item.key, { status: 'done', progress: 1, uploadId: upload.id }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            patch(item.key, { status: 'error', error: describe(error) });
          })
          .finally(() => controllers.current.delete(item.key));
      }
    },
    [describe, patch, t],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.previewUrl);
        urls.current.delete(gone.previewUrl);
      }
      return current.filter((item) => item.key !== key);
    });
  }, []);

  return {
    items,
    add,
    remove,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'error'),
    uploadIds: items.flatMap((item) => (item.uploadId === undefined ? [] : [item.uploadId])),
  };
}
