import type { ApiError } from './api-error';
import { createApiClient } from './client';

let unauthenticated: (error: ApiError) => void = () => undefined;

/** The app says once, at start, what a lost session means (back to sign-in); the client only reports it. */
export function onUnauthenticated(handler: (error: ApiError) => void): void {
  unauthenticated = handler;
}

/** The client every console call goes through: `api('/operators', { schema: operatorListResponseSchema })`. */
export const api = createApiClient({ onUnauthenticated: (error) => unauthenticated(error) });
