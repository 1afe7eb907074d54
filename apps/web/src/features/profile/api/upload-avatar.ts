import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ERROR_CODES, apiPaths, userProfileResponseSchema, type ErrorCode, type UserProfile } from '@drama/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';
import { getSession } from '../../../shared/session/session-store';
import { handleUnauthorized } from '../../../shared/session/unauthorized-policy';
import { keepChangedProfile } from './update-profile';

const KNOWN = new Set<string>(ERROR_CODES);

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const status = response.status;
  const fallback: ErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INTERNAL_ERROR';
  return new ApiError({
    status,
    code: typeof record.code === 'string' && KNOWN.has(record.code) ? (record.code as ErrorCode) : fallback,
    message: typeof record.message === 'string' ? record.message : `HTTP ${status}`,
    details: record.details,
  });
}

/**
 * `POST /client/user/avatar`: the cropped picture as multipart field `file`. The app's JSON
 * client sends JSON only; the answer is read through the same envelope schema and error codes.
 */
export async function uploadAvatar(image: Blob): Promise<UserProfile> {
  const path = apiPaths.avatar();
  const form = new FormData();
  form.append('file', image, 'avatar.jpg');
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
  }
  if (!response.ok) {
    const error = await failure(response);
    if (response.status === 401) handleUnauthorized({ path });
    throw error;
  }
  const parsed = userProfileResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: 'Unexpected upload response' });
  return parsed.data.data;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (profile) => keepChangedProfile(queryClient, profile) });
}
