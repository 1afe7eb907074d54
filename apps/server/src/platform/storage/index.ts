import type { Config } from '../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export { readText, StorageNotFoundError, type ByteRange, type Storage, type StoredObjectInfo } from './storage.js';

/** The storage the settings name (STORAGE=local|s3). */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(config.STORAGE_DIR);
}
