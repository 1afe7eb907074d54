import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PartsStore } from './parts-store.js';

describe('PartsStore', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes its folder before the constructor returns', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parts-store-'));
    dirs.push(dir);
    new PartsStore({ directory: path.join(dir, 'a', 'parts') });
    expect(existsSync(path.join(dir, 'a', 'parts'))).toBe(true);
  });

  it('fails where it can be caught when the folder cannot be made, and leaves nothing to throw later', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parts-store-'));
    dirs.push(dir);
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listen);
    try {
      expect(() => new PartsStore({ directory: path.join(file, 'parts') })).toThrow(/ENOTDIR/);
      // The library's asynchronous mkdir would have reported by now.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', listen);
    }
  });
});
