import { describe, expect, it } from 'vitest';
import type { ConsoleEpisode } from '@drama/contracts';
import { processing } from './api';
import { formatDuration } from './duration';
import { naturalOrder, uploadErrorCode, uploadIdOf } from './tus-upload';

function episode(change: Partial<ConsoleEpisode>): ConsoleEpisode {
  return {
    id: 1,
    dramaId: 1,
    sequence: 1,
    isFree: false,
    status: 'published',
    mediaStatus: 'ready',
    visible: true,
    durationSeconds: 60,
    posterUrl: null,
    previewUrl: null,
    subtitles: [],
    job: null,
    updatedAt: '2026-11-27T12:00:00Z',
    ...change,
  };
}

describe('episode uploads', () => {
  it('orders files as people read their names', () => {
    const files = [{ name: 'ep10.mp4' }, { name: 'ep2.mp4' }, { name: 'EP1.mp4' }];
    expect(naturalOrder(files).map((file) => file.name)).toEqual(['EP1.mp4', 'ep2.mp4', 'ep10.mp4']);
  });

  it('takes the upload id from its address', () => {
    expect(uploadIdOf('/api/v1/console/uploads/0123456789abcdef')).toBe('0123456789abcdef');
    expect(uploadIdOf('http://host/api/v1/console/uploads/abcdef12?x=1')).toBe('abcdef12');
    expect(uploadIdOf(null)).toBeNull();
  });

  it('reads the error code of a refused upload', () => {
    const refused = { originalResponse: { getBody: () => JSON.stringify({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' }) } };
    expect(uploadErrorCode(refused)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(uploadErrorCode(new Error('offline'))).toBe('NETWORK_ERROR');
  });

  it('polls while any media is on its way', () => {
    expect(processing([episode({})])).toBe(false);
    expect(processing([episode({}), episode({ mediaStatus: 'pending' })])).toBe(true);
    expect(processing([episode({ job: { state: 'running' } as ConsoleEpisode['job'] })])).toBe(true);
    expect(processing([episode({ mediaStatus: 'failed', job: { state: 'failed' } as ConsoleEpisode['job'] })])).toBe(false);
  });

  it('shows a length as m:ss or h:mm:ss', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
