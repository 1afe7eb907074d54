import { describe, expect, it } from 'vitest';
import { CHANGE_NAMES } from '../../src/platform/changes.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();

describe('who hears a change', () => {
  it('has, in the app as built, someone who hears every change a module announces', () => {
    expect(CHANGE_NAMES.length).toBeGreaterThan(0);
    for (const name of CHANGE_NAMES) expect(t.ctx.changes.count(name), name).toBeGreaterThan(0);
  });
});
