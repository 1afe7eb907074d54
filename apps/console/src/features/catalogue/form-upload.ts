import { API_BASE } from '@drama/contracts';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/api-error';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../../shared/api/csrf';

/**
 * A multipart call (a file with its fields), which the JSON client does not send: same cookies,
 * the CSRF header, the answer parsed with its schema and failures as ApiError by their code.
 */
export async function sendForm<S extends z.ZodType<{ success: true; data: unknown }>>(
  path: string,
  form: FormData,
  schema: S,
): Promise<z.output<S>['data']> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/console${path}`, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: String(cause) });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const code = typeof json === 'object' && json !== null && 'code' in json && typeof json.code === 'string' ? json.code : 'INVALID_RESPONSE';
    throw new ApiError({ status: response.status, code, message: code });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: parsed.error.message });
  return parsed.data.data;
}
