import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types: the few calls made here are typed below.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import { startedPerFile } from './per-file.js';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The settings that point the app's storage at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3 API server on 127.0.0.1 and a free port, with one empty bucket, in a folder of its own. */
export async function startS3Server(bucket = 'media'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'drama-s3-'));
  const server = new (S3rver as S3rverConstructor)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 server of one test file. */
export function useS3Server(): S3TestServer {
  return startedPerFile('the S3 server', () => startS3Server(), (server) => server.close());
}
