import { CONSOLE_ERROR_STATUS, ERROR_STATUS, type ApiErrorCode, type ErrorCode } from '@drama/contracts';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the client may act on: a stable code, an English message, optional details. */
const STATUS: Record<ApiErrorCode, number> = { ...ERROR_STATUS, ...CONSOLE_ERROR_STATUS };

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }
}

export function sendError(reply: FastifyReply, code: ApiErrorCode, message: string, details?: unknown): FastifyReply {
  return reply
    .code(STATUS[code])
    .send(details === undefined ? { success: false, code, message } : { success: false, code, message, details });
}

/** Fastify's own 4xx errors (bad JSON, body too large, ...) mapped to our codes. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

/**
 * Errors the router raises before any route or error handler runs (a malformed percent-escape,
 * a path segment past maxParamLength): answered in the envelope too, without echoing the path.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'The URL is not valid';
  return reply.code(status).send({ success: false, code: codeForStatus(status), message });
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
};

/**
 * HTTP so malformed that it never becomes a request (bytes a header may not hold, headers past
 * Node's 16 KiB): Node's parser refuses it on the socket, and the answer is still the envelope.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ success: false, code: 'BAD_REQUEST', message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The one place errors become responses. Only messages of errors below 500 reach the client;
 * a fault is logged with its stack and answered with a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        in: error.validationContext ?? 'request',
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'invalid value',
      }));
      return sendError(reply, 'VALIDATION_FAILED', 'Request validation failed', details);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Keep the precise status (416 for an unsatisfiable range, ...) and headers such as Content-Range.
      const headers = (error as { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply.code(status).send({ success: false, code: codeForStatus(status), message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR', 'Internal server error');
  });
}
