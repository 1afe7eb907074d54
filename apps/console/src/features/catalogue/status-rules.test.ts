import { describe, expect, it } from 'vitest';
import { consoleDramaStatusSchema } from '@drama/contracts';
import { changesWhatViewersSee, statusProblem, statusRequest } from './status-rules';

const now = new Date('2026-11-27T12:00:00Z');

describe('drama status rules', () => {
  it('asks for confirmation when viewers would notice', () => {
    expect(changesWhatViewersSee('draft', 'published')).toBe(true);
    expect(changesWhatViewersSee('published', 'draft')).toBe(true);
    expect(changesWhatViewersSee('published', 'unlisted')).toBe(true);
    expect(changesWhatViewersSee('draft', 'scheduled')).toBe(false);
    expect(changesWhatViewersSee('scheduled', 'draft')).toBe(false);
    expect(changesWhatViewersSee('published', 'published')).toBe(false);
  });

  it('needs a cover for any status viewers may reach', () => {
    expect(statusProblem('published', false, null, now)).toBe('coverRequired');
    expect(statusProblem('unlisted', false, null, now)).toBe('coverRequired');
    expect(statusProblem('draft', false, null, now)).toBeNull();
    expect(statusProblem('published', true, null, now)).toBeNull();
  });

  it('needs a future time to schedule', () => {
    expect(statusProblem('scheduled', true, null, now)).toBe('publishAtRequired');
    expect(statusProblem('scheduled', true, new Date('2026-11-27T11:59:00Z'), now)).toBe('publishAtPast');
    expect(statusProblem('scheduled', true, new Date('2026-11-28T09:00:00Z'), now)).toBeNull();
  });

  it('builds the body the server takes', () => {
    const at = new Date('2026-11-28T09:00:00Z');
    expect(consoleDramaStatusSchema.parse(statusRequest('scheduled', at))).toEqual({ status: 'scheduled', publishAt: '2026-11-28T09:00:00.000Z' });
    expect(statusRequest('unlisted', at)).toEqual({ status: 'unlisted' });
    expect(() => statusRequest('scheduled', null)).toThrow();
  });
});
