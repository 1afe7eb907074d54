import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, assertPrefix, type ByteRange, type PutOptions, type Storage, StorageNotFoundError, type StoredObjectInfo } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The storage as an S3-compatible bucket, shared by every instance: media outgrows one machine
 * there, and a CDN in front of it (MEDIA_BASE_URL) serves free episodes.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums of every part are for AWS; self-hosted stores may not know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client(config);
    this.bucket = options.bucket;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<void> {
    // A stream of unknown length is read into memory: the app passes sizes for large files.
    const payload = Buffer.isBuffer(body) || options.size !== undefined ? body : await toBuffer(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: payload,
        ...(Buffer.isBuffer(payload) ? { ContentLength: payload.length } : { ContentLength: options.size }),
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType,
        etag: answer.ETag,
        modifiedAt: answer.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }), {
      expiresIn: expiresInSeconds,
    });
  }

  close(): void {
    this.client.destroy();
  }
}
