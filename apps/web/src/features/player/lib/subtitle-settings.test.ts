import { STORAGE_KEYS } from '@drama/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CENTRE_CLEARANCE_PX,
  DEFAULT_SUBTITLE_SETTINGS,
  clampFontSize,
  clampPosition,
  clampToBand,
  episodeSubtitleLanguage,
  estimatedSubtitleHeight,
  getSubtitleSettings,
  offeredSubtitleLanguages,
  readSubtitleSettings,
  resetSubtitlePosition,
  resetSubtitleSettingsCache,
  settlePosition,
  stepFontSize,
  subtitleBand,
  subtitleLanguageFor,
  updateSubtitleSettings,
} from './subtitle-settings';
import { installMemoryStorage } from '../../../shared/storage/memory-storage';

let storage: Map<string, string>;

beforeEach(() => {
  storage = installMemoryStorage();
  resetSubtitleSettingsCache();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('subtitle settings', () => {
  it("has the spec's defaults", () => {
    expect(DEFAULT_SUBTITLE_SETTINGS).toEqual({
      fontSize: 16,
      backgroundOpacity: 0.8,
      position: 80,
      color: 'white',
      language: 'zh',
      visible: true,
    });
    expect(readSubtitleSettings()).toEqual(DEFAULT_SUBTITLE_SETTINGS);
  });

  it('keeps the size within 12-28 in steps of 2', () => {
    expect(clampFontSize(4)).toBe(12);
    expect(clampFontSize(40)).toBe(28);
    expect(clampFontSize(17)).toBe(18);
    expect(stepFontSize(28, 1)).toBe(28);
    expect(stepFontSize(12, -1)).toBe(12);
    expect(stepFontSize(16, 1)).toBe(18);
    expect(stepFontSize(16, -1)).toBe(14);
  });

  it('keeps the position between 20 px and 80% of the container', () => {
    expect(clampPosition(5, 600)).toBe(20);
    expect(clampPosition(100, 600)).toBe(100);
    expect(clampPosition(590, 600)).toBe(480);
    // A container too small for the range still gets the minimum.
    expect(clampPosition(50, 10)).toBe(20);
  });

  it('saves a change and reads it back after a restart', () => {
    updateSubtitleSettings({ color: 'yellow', fontSize: 22, language: 'en', backgroundOpacity: 0 });
    resetSubtitleSettingsCache();
    expect(getSubtitleSettings()).toEqual({
      ...DEFAULT_SUBTITLE_SETTINGS,
      color: 'yellow',
      fontSize: 22,
      language: 'en',
      languageChosen: true,
      backgroundOpacity: 0,
    });
    expect(JSON.parse(storage.get(STORAGE_KEYS.subtitleSettings) ?? '{}')).toMatchObject({ color: 'yellow' });
  });

  it('clamps values that are out of range when saving', () => {
    expect(updateSubtitleSettings({ fontSize: 99, position: -5 })).toMatchObject({ fontSize: 28, position: 20 });
  });

  it.each([
    ['not JSON', '{oops'],
    ['a wrong type', JSON.stringify({ ...DEFAULT_SUBTITLE_SETTINGS, fontSize: 'big' })],
    ['an odd size', JSON.stringify({ ...DEFAULT_SUBTITLE_SETTINGS, fontSize: 15 })],
    ['an unknown colour', JSON.stringify({ ...DEFAULT_SUBTITLE_SETTINGS, color: 'pink' })],
    ['an unknown opacity', JSON.stringify({ ...DEFAULT_SUBTITLE_SETTINGS, backgroundOpacity: 0.3 })],
    ['a missing field', JSON.stringify({ fontSize: 16 })],
  ])('falls back to the defaults when the stored value is %s', (_name, raw) => {
    storage.set(STORAGE_KEYS.subtitleSettings, raw);
    expect(readSubtitleSettings()).toEqual(DEFAULT_SUBTITLE_SETTINGS);
  });
});

describe('where the subtitle may sit', () => {
  // A 390x844 phone: the play button's bottom edge is 422 + 36 px from the top.
  const screen = 844;
  const line = 30;

  it('keeps it wholly below the centre play button and above what covers the bottom', () => {
    const band = subtitleBand(screen, line, 270);
    expect(band).toEqual({ min: 270, max: screen / 2 - CENTRE_CLEARANCE_PX - line });
    // Its top edge, measured from the top of the screen, stays under the button with a gap.
    expect(screen - band.max - line).toBeGreaterThanOrEqual(screen / 2 + 36 + 8);
    expect(clampToBand(600, band)).toBe(band.max);
    expect(clampToBand(80, band)).toBe(270);
    expect(clampToBand(300, band)).toBe(300);
  });

  it("never goes under the spec's 20 px, with nothing covering the bottom", () => {
    expect(subtitleBand(screen, line).min).toBe(20);
    expect(clampToBand(5, subtitleBand(screen, line))).toBe(20);
  });

  it('lets a taller subtitle rise less', () => {
    expect(subtitleBand(screen, 60).max).toBe(subtitleBand(screen, 30).max - 30);
  });

  it('puts it just above the controls where a short screen leaves no room below the button', () => {
    expect(subtitleBand(640, line, 300)).toEqual({ min: 300, max: 300 });
  });

  it('stays within 80% of the container, as the spec asks', () => {
    const band = subtitleBand(100, 0);
    expect(band.max).toBeLessThanOrEqual(80);
  });

  it('estimates one line from the size', () => {
    expect(estimatedSubtitleHeight(16)).toBe(30);
    expect(estimatedSubtitleHeight(28)).toBe(47);
  });

  it('brings a position kept from before the band into it when the settings are read', () => {
    const stored = { ...DEFAULT_SUBTITLE_SETTINGS, position: 600 };
    const settled = settlePosition(stored, screen);
    expect(settled.position).toBe(Math.round(screen / 2 - CENTRE_CLEARANCE_PX - estimatedSubtitleHeight(16)));
    expect(settlePosition(DEFAULT_SUBTITLE_SETTINGS, screen)).toBe(DEFAULT_SUBTITLE_SETTINGS);
    // Nothing known about the screen: left as it was.
    expect(settlePosition(stored, 0)).toBe(stored);

    storage.set(STORAGE_KEYS.subtitleSettings, JSON.stringify(stored));
    Object.assign(globalThis.window, { innerHeight: screen });
    expect(getSubtitleSettings().position).toBe(settled.position);
  });

  it('puts it back where it starts', () => {
    updateSubtitleSettings({ position: 300, color: 'green' });
    expect(resetSubtitlePosition()).toMatchObject({ position: DEFAULT_SUBTITLE_SETTINGS.position, color: 'green' });
    resetSubtitleSettingsCache();
    expect(getSubtitleSettings().position).toBe(DEFAULT_SUBTITLE_SETTINGS.position);
  });
});

describe('the language subtitles start in', () => {
  it("follows the interface until the viewer chooses: zh for zh-CN (the spec's default), zh-Hant, en", () => {
    expect(subtitleLanguageFor(getSubtitleSettings(), 'zh-CN')).toBe('zh');
    expect(subtitleLanguageFor(getSubtitleSettings(), 'zh-Hant')).toBe('zh-Hant');
    expect(subtitleLanguageFor(getSubtitleSettings(), 'en-US')).toBe('en');
  });

  it('still follows the interface after other settings change', () => {
    const settings = updateSubtitleSettings({ fontSize: 20, color: 'green' });
    expect(subtitleLanguageFor(settings, 'en-US')).toBe('en');
    resetSubtitleSettingsCache();
    expect(subtitleLanguageFor(getSubtitleSettings(), 'zh-Hant')).toBe('zh-Hant');
  });

  it("keeps the viewer's choice in every interface language, after a restart too", () => {
    updateSubtitleSettings({ language: 'zh' });
    resetSubtitleSettingsCache();
    for (const locale of ['zh-CN', 'zh-Hant', 'en-US'] as const) {
      expect(subtitleLanguageFor(getSubtitleSettings(), locale)).toBe('zh');
    }
    updateSubtitleSettings({ language: 'en' });
    expect(subtitleLanguageFor(getSubtitleSettings(), 'zh-CN')).toBe('en');
  });

  it('reads settings saved before the choice was recorded: a language other than the default was chosen', () => {
    const saved = { ...DEFAULT_SUBTITLE_SETTINGS, fontSize: 18 };
    storage.set(STORAGE_KEYS.subtitleSettings, JSON.stringify({ ...saved, language: 'zh-Hant' }));
    expect(subtitleLanguageFor(readSubtitleSettings(), 'en-US')).toBe('zh-Hant');
    storage.set(STORAGE_KEYS.subtitleSettings, JSON.stringify({ ...saved, language: 'zh' }));
    expect(subtitleLanguageFor(readSubtitleSettings(), 'en-US')).toBe('en');
  });
});

describe("the subtitle track of an episode, given the languages it has", () => {
  it("shows the viewer's language when the episode has it", () => {
    expect(episodeSubtitleLanguage('en', ['zh', 'en'])).toBe('en');
    expect(episodeSubtitleLanguage('zh', ['zh', 'zh-Hant', 'en'])).toBe('zh');
  });

  it('shows none, and so asks for no file, when the episode lacks that language or has no subtitles', () => {
    // An English interface whose viewer never chose: English, which this episode does not have.
    const language = subtitleLanguageFor(DEFAULT_SUBTITLE_SETTINGS, 'en-US');
    expect(language).toBe('en');
    expect(episodeSubtitleLanguage(language, ['zh'])).toBeNull();
    expect(episodeSubtitleLanguage('zh-Hant', ['zh', 'en'])).toBeNull();
    expect(episodeSubtitleLanguage('zh', [])).toBeNull();
  });

  it("offers only the episode's languages, in the menu's order", () => {
    expect(offeredSubtitleLanguages(['en', 'zh'])).toEqual(['zh', 'en']);
    expect(offeredSubtitleLanguages(['zh', 'zh-Hant', 'en'])).toEqual(['zh', 'zh-Hant', 'en']);
    expect(offeredSubtitleLanguages([])).toEqual([]);
  });
});
