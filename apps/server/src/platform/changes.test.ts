import { describe, expect, it } from 'vitest';
import { Changes } from './changes.js';

describe('changes', () => {
  it('hands each listener of a change its payload, in the order they were added, and no one else', () => {
    const changes = new Changes();
    const heard: string[] = [];
    changes.on('member.active', (userId) => heard.push(`first ${userId}`));
    changes.on('member.active', (userId) => heard.push(`second ${userId}`));
    changes.on('catalogue.changed', () => heard.push('catalogue'));
    changes.emit('member.active', 7);
    expect(heard).toEqual(['first 7', 'second 7']);
    changes.emit('catalogue.changed');
    expect(heard).toEqual(['first 7', 'second 7', 'catalogue']);
    expect(changes.count('member.active')).toBe(2);
    expect(changes.count('episodes.changed')).toBe(0);
    // A change nobody hears is announced all the same, to no effect.
    changes.emit('episodes.changed');
  });
});
