import { CONSOLE_UPLOADS_PATH, UPLOAD_CHUNK_BYTES } from '@drama/contracts';
import { Upload } from 'tus-js-client';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../../shared/api/csrf';

/** The upload's id: the last part of the Location the server answered the creation with. */
export function uploadIdOf(url: string | null): string | null {
  if (!url) return null;
  const id = url.split('?')[0]?.split('/').filter(Boolean).pop();
  return id ?? null;
}

export interface UploadHandle {
  done: Promise<string>;
  abort: () => void;
}

/**
 * Sends one file by the tus protocol and resolves with its upload id. A file sent before from
 * this browser (same name, size and date) resumes where it stopped; a dropped connection is
 * retried after a pause.
 */
export function uploadVideo(file: File, onProgress: (percent: number) => void): UploadHandle {
  let upload: Upload | null = null;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: CONSOLE_UPLOADS_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onBeforeRequest: (request) => {
        // Read at each request: the session's token may have been renewed meanwhile.
        const csrf = readCookie(document.cookie, CSRF_COOKIE);
        if (csrf) request.setHeader(CSRF_HEADER, csrf);
      },
      onProgress: (sent, total) => onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onError: (error) => reject(error),
      onSuccess: () => {
        const id = uploadIdOf(upload?.url ?? null);
        if (id) resolve(id);
        else reject(new Error('the upload has no address'));
      },
    });
    const started = upload;
    void started.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) started.resumeFromPreviousUpload(last);
      started.start();
    });
  });
  return { done, abort: () => void (upload as Upload | null)?.abort() };
}

/** Files in the order their names read to a person: "ep2" before "ep10". */
export function naturalOrder<T extends { name: string }>(files: readonly T[]): T[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...files].sort((a, b) => collator.compare(a.name, b.name));
}

/** What went wrong with an upload, as the server's error code when it sent one. */
export function uploadErrorCode(error: unknown): string {
  const body = (error as { originalResponse?: { getBody?: () => string } } | null)?.originalResponse?.getBody?.();
  if (body) {
    try {
      const json = JSON.parse(body) as { code?: unknown };
      if (typeof json.code === 'string') return json.code;
    } catch {
      // not the API's envelope
    }
  }
  return 'NETWORK_ERROR';
}
