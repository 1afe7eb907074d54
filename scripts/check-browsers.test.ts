import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_PACKAGES, missingLine, missingPackages } from './check-browsers.mjs';

const everything = { file: () => true, command: () => true, installed: () => true };

describe('the browser check before npm test', () => {
  it('passes when every part is there', () => {
    expect(missingPackages(everything)).toEqual([]);
  });

  it('names each missing part by its Debian package, in install order', () => {
    const probe = {
      file: (file: string) => !file.endsWith('chromium'),
      command: (name: string) => name !== 'WebKitWebDriver',
      installed: (pkg: string) => pkg !== 'gstreamer1.0-libav',
    };
    expect(missingPackages(probe)).toEqual(['chromium', 'webkit2gtk-driver', 'gstreamer1.0-libav']);
  });

  it('says it in one line with the command that installs what is missing', () => {
    const line = missingLine(['chromium', 'xvfb']);
    expect(line).not.toContain('\n');
    expect(line).toMatch(/chromium, xvfb\. Install them with: sudo apt-get install -y chromium xvfb$/);
  });

  it('covers every package CI installs', () => {
    const nothing = { file: () => false, command: () => false, installed: () => false };
    expect(missingPackages(nothing)).toEqual(BROWSER_PACKAGES);
  });

  it('stops with one line and a failing status on a machine without them', () => {
    const script = path.join(import.meta.dirname, 'check-browsers.mjs');
    // No PATH and no Firefox where the script looks: the commands and files are all absent.
    const run = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { PATH: '', FIREFOX_PATH: '/nonexistent/firefox-esr' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('firefox-esr');
    expect(lines[0]).toContain('webkit2gtk-driver');
    expect(lines[0]).toContain('sudo apt-get install -y');
  });
});
