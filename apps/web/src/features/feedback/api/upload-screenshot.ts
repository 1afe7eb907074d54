import { API_BASE, ERROR_CODES, apiPaths, uploadResponseSchema, type ErrorCode, type Upload } from '@drama/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';
import { getSession } from '../../../shared/session/session-store';
import { handleUnauthorized } from '../../../shared/session/unauthorized-policy';

const KNOWN = new Set<string>(ERROR_CODES);

function failure(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fallback: ErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INTERNAL_ERROR';
  return new ApiError({
    status,
    code: typeof record.code === 'string' && KNOWN.has(record.code) ? (record.code as ErrorCode) : fallback,
    message: typeof record.message === 'string' ? record.message : `HTTP ${status}`,
    details: record.details,
  });
}

/**
 * `POST /client/uploads`: one image as multipart field `file`. XMLHttpRequest rather than the
 * app's fetch client, because only it reports upload progress; the answer is read through the
 * same envelope schema and error codes.
 */
export function uploadScreenshot(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const path = apiPaths.uploads();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    const { token } = getSession();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = failure(xhr.status, body);
        if (xhr.status === 401) handleUnauthorized({ path });
        reject(error);
        return;
      }
      const parsed = uploadResponseSchema.safeParse(body);
      if (!parsed.success) {
        reject(new ApiError({ status: xhr.status, code: 'INVALID_RESPONSE', message: 'Unexpected upload response' }));
        return;
      }
      onProgress(1);
      resolve(parsed.data.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
