import { request as httpRequest } from 'node:http';
import { CONSOLE_UPLOADS_PATH } from '@drama/contracts';

/** A minimal client of the upload protocol (tus 1.0.0) over real HTTP, as the console's uploader speaks it. */
export class TusClient {
  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
  ) {}

  private metadata(values: Record<string, string>): string {
    return Object.entries(values)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
  }

  /** POST: makes an upload; answers the response (Location holds the upload's address). */
  async create(length: number, metadata: Record<string, string>, extra: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${CONSOLE_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { ...this.headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': this.metadata(metadata), ...extra },
    });
  }

  async offset(location: string): Promise<number> {
    const response = await fetch(`${this.baseUrl}${location}`, { method: 'HEAD', headers: { ...this.headers, 'Tus-Resumable': '1.0.0' } });
    if (response.status !== 200) throw new Error(`HEAD ${response.status}`);
    return Number(response.headers.get('upload-offset'));
  }

  async patch(location: string, offset: number, bytes: Buffer): Promise<Response> {
    return fetch(`${this.baseUrl}${location}`, {
      method: 'PATCH',
      headers: { ...this.headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: bytes,
    });
  }

  /**
   * A PATCH whose connection drops after `sent` of its bytes (a phone losing its network): the
   * request announces the whole chunk, sends part of it and is cut.
   */
  async interruptedPatch(location: string, offset: number, bytes: Buffer, sent: number): Promise<void> {
    const url = new URL(`${this.baseUrl}${location}`);
    await new Promise<void>((resolve) => {
      const request = httpRequest(
        url,
        {
          method: 'PATCH',
          headers: {
            ...this.headers,
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
            'Content-Length': String(bytes.length),
          },
        },
        () => resolve(),
      );
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, sent), () => {
        // Let the server take in what was sent before the line goes dead.
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 300);
      });
    });
  }

  /** Sends a whole file in chunks; answers the upload's id. */
  async upload(file: Buffer, name: string, chunk = 64 * 1024): Promise<string> {
    const created = await this.create(file.length, { filename: name, filetype: 'video/mp4' });
    if (created.status !== 201) throw new Error(`create ${created.status}: ${await created.text()}`);
    const location = created.headers.get('location') ?? '';
    for (let offset = 0; offset < file.length; offset += chunk) {
      const answer = await this.patch(location, offset, file.subarray(offset, offset + chunk));
      if (answer.status !== 204) throw new Error(`patch ${answer.status}: ${await answer.text()}`);
    }
    return uploadIdOf(location);
  }
}

export function uploadIdOf(location: string): string {
  return location.slice(location.lastIndexOf('/') + 1);
}
