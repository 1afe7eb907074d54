import { describe, expect, it } from 'vitest';
import { auditDiff } from './diff';

describe('an audit entry as a diff', () => {
  it('puts changed fields first, then the unchanged ones', () => {
    expect(auditDiff({ title: 'Old', free: 5, tags: ['a'] }, { title: 'New', free: 5, tags: ['a', 'b'] })).toEqual([
      { field: 'title', before: 'Old', after: 'New', changed: true },
      { field: 'tags', before: '["a"]', after: '["a","b"]', changed: true },
      { field: 'free', before: '5', after: '5', changed: false },
    ]);
  });

  it('shows a creation and a deletion as one-sided', () => {
    expect(auditDiff(null, { role: 'finance' })).toEqual([{ field: 'role', before: undefined, after: 'finance', changed: true }]);
    expect(auditDiff({ role: 'finance' }, null)).toEqual([{ field: 'role', before: 'finance', after: undefined, changed: true }]);
  });

  it('shows plain values as one row and nothing recorded as no rows', () => {
    expect(auditDiff(true, false)).toEqual([{ field: '', before: 'true', after: 'false', changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
