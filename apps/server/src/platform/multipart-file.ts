import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The one file part of an image upload, named `file`. A body that is not multipart, is not
 * well-formed, or names its file otherwise gets a client error, never a 500; limits set where
 * @fastify/multipart is registered (413 and the like) pass through as they are.
 */
export async function imageFilePart(request: FastifyRequest, accepted?: readonly string[]): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data in a field named file',
      accepted ? { accepted } : undefined,
    );
  }
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw new AppError('BAD_REQUEST', 'The body is not well-formed multipart');
  }
  if (!part) throw new AppError('BAD_REQUEST', 'No file in the body: send the image in a field named file');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('BAD_REQUEST', `Send the image in a field named file, not "${part.fieldname}"`);
  }
  return part;
}
