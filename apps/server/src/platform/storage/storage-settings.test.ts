import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createStorage } from './index.js';

const base = { DATA_DIR: '/tmp/drama-settings' };

function issues(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
}

describe('storage, media and job settings', () => {
  it('default to a local folder under DATA_DIR, the bundled tools and a 360/540/720 ladder', () => {
    const config = loadConfig(base);
    expect(config.STORAGE).toBe('local');
    expect(config.STORAGE_DIR).toBe('/tmp/drama-settings/storage');
    expect(config.MEDIA_LADDER).toEqual([360, 540, 720]);
    expect(createStorage(config).kind).toBe('local');
  });

  it('take S3 with its bucket, and name what is missing', () => {
    const config = loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    expect(createStorage(config).kind).toBe('s3');
    expect(issues({ STORAGE: 's3' })).toEqual(['S3_BUCKET: is required when STORAGE is s3']);
    expect(issues({ S3_ACCESS_KEY_ID: 'key' })).toEqual(['S3_SECRET_ACCESS_KEY: is required with the other of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY']);
    expect(issues({ STORAGE: 'ftp' })[0]).toMatch(/^STORAGE:/);
    expect(issues({ S3_ENDPOINT: 'not a url' })[0]).toMatch(/^S3_ENDPOINT: must be an absolute URL/);
  });

  it('read the ladder as sorted short sides and refuse nonsense', () => {
    expect(loadConfig({ ...base, MEDIA_LADDER: '720, 360,540,360' }).MEDIA_LADDER).toEqual([360, 540, 720]);
    expect(issues({ MEDIA_LADDER: '360,huge' })[0]).toMatch(/^MEDIA_LADDER:/);
    expect(issues({ MEDIA_LADDER: '100' })[0]).toMatch(/^MEDIA_LADDER:/);
    expect(issues({ JOBS_STALL_SECONDS: '1' })[0]).toMatch(/^JOBS_STALL_SECONDS:/);
    expect(issues({ UPLOAD_MAX_BYTES: '-5' })[0]).toMatch(/^UPLOAD_MAX_BYTES:/);
  });
});
