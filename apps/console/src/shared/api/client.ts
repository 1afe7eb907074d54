import { API_BASE } from '@drama/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './csrf';

/**
 * The console's one fetch wrapper: same-origin cookies, the CSRF header on every change, the
 * answer parsed with its contracts schema, failures as ApiError. It never navigates nor shows a
 * message: what a lost session means to the app is handed to it (`onUnauthenticated`).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
/** Any `ok(...)` schema of contracts: `{ success: true, data }`. */
type Envelope = z.ZodType<{ success: true; data: unknown }>;

export interface RequestOptions<S extends Envelope> {
  schema: S;
  method?: Method;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Default `/api/v1/console`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where the CSRF cookie is read; default document.cookie. */
  cookies?: () => string;
  /** Called once per call answered OPERATOR_UNAUTHENTICATED, before its ApiError is thrown. */
  onUnauthenticated?: (error: ApiError) => void;
}

export type ApiClient = <S extends Envelope>(path: string, options: RequestOptions<S>) => Promise<z.output<S>['data']>;

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function errorFrom(status: number, json: unknown): ApiError {
  if (typeof json === 'object' && json !== null && 'code' in json && typeof json.code === 'string') {
    const message = 'message' in json && typeof json.message === 'string' ? json.message : json.code;
    return new ApiError({ status, code: json.code, message, details: 'details' in json ? json.details : undefined });
  }
  return new ApiError({ status, code: 'INVALID_RESPONSE', message: `HTTP ${status} without an error envelope` });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? `${API_BASE}/console`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));

  return async function request(path, { schema, method = 'GET', query, body, signal }) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      const csrf = readCookie(cookies(), CSRF_COOKIE);
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${queryString(query)}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: String(cause) });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: 'The answer is not JSON' });
    }
    if (!response.ok) {
      const error = errorFrom(response.status, json);
      if (error.code === 'OPERATOR_UNAUTHENTICATED') options.onUnauthenticated?.(error);
      throw error;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: parsed.error.message });
    }
    return parsed.data.data;
  };
}
