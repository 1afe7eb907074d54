import { useMemo, useSyncExternalStore } from 'react';
import { type Locale, STORAGE_KEYS, SUBTITLE } from '@drama/contracts';
import { useLocale } from '../../../shared/i18n/i18n';
import { readJson, writeJson } from '../../../shared/storage/local-storage';
import { isNonNegative, isOneOf } from '../../../shared/storage/value-checks';
import { clamp } from './format-time';

export type SubtitleLanguage = (typeof SUBTITLE.languages)[number];
export type SubtitleColor = (typeof SUBTITLE.colors)[number];
export type SubtitleOpacity = (typeof SUBTITLE.backgroundOpacities)[number];

/** Saved locally under `subtitle_settings` (spec section 3). `position` is px above the video's bottom. */
export interface SubtitleSettings {
  /** 12 to 28 in steps of 2 */
  fontSize: number;
  backgroundOpacity: SubtitleOpacity;
  position: number;
  visible: boolean;
  language: SubtitleLanguage;
  color: SubtitleColor;
  /** Set once the viewer picks a language; until then the interface's language decides. */
  languageChosen?: boolean;
}

function isFontSize(value: unknown): value is number {
  if (!Number.isSafeInteger(value)) return false;
  const size = value as number;
  const { fontSizeMin: min, fontSizeMax: max, fontSizeStep: step } = SUBTITLE;
  return size >= min && size <= max && (size - min) % step === 0;
}

/**
 * Checked by hand, as the player reads it on its first load (shared/storage/value-checks.ts
 * says why). Unknown keys are dropped.
 */
export function readSubtitleSettingsValue(value: unknown): SubtitleSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { fontSize, backgroundOpacity, position, visible, language, color, languageChosen } = value as Record<string, unknown>;
  if (!isFontSize(fontSize) || !isOneOf(SUBTITLE.backgroundOpacities, backgroundOpacity)) return null;
  if (!isNonNegative(position) || typeof visible !== 'boolean') return null;
  if (!isOneOf(SUBTITLE.languages, language) || !isOneOf(SUBTITLE.colors, color)) return null;
  const settings: SubtitleSettings = { fontSize, backgroundOpacity, position, visible, language, color };
  if (typeof languageChosen === 'boolean') settings.languageChosen = languageChosen;
  return settings;
}

const INTERFACE_SUBTITLE_LANGUAGE: Record<Locale, SubtitleLanguage> = { 'zh-CN': 'zh', 'zh-Hant': 'zh-Hant', 'en-US': 'en' };

/**
 * The language subtitles show in (DESIGN.md section 4): the viewer's choice once made, otherwise
 * the interface's (the spec's `zh` for a zh-CN interface). Settings saved before the choice was
 * recorded count as chosen only when they differ from the spec's default, which nobody could
 * have had without picking it.
 */
export function subtitleLanguageFor(settings: SubtitleSettings, locale: Locale): SubtitleLanguage {
  const chosen = settings.languageChosen ?? settings.language !== SUBTITLE.defaults.language;
  return chosen ? settings.language : INTERFACE_SUBTITLE_LANGUAGE[locale];
}

/** The languages an episode has subtitles in, in the order the subtitle menu lists them. */
export function offeredSubtitleLanguages(available: readonly string[]): SubtitleLanguage[] {
  return SUBTITLE.languages.filter((language) => available.includes(language));
}

/**
 * The subtitle track the player shows for an episode: the viewer's language (subtitleLanguageFor)
 * when the episode has it, otherwise none. There is no other language to fall back to: the
 * viewer did not choose one, and asking for a file the episode lacks only answers 404.
 */
export function episodeSubtitleLanguage(language: SubtitleLanguage, available: readonly string[]): SubtitleLanguage | null {
  return available.includes(language) ? language : null;
}

export const DEFAULT_SUBTITLE_SETTINGS: SubtitleSettings = { ...SUBTITLE.defaults };

/** Text colours of the five choices, readable on the dark video. */
export const SUBTITLE_COLOR_VALUES: Record<SubtitleColor, string> = {
  white: '#ffffff',
  yellow: '#ffd60a',
  green: '#4ade80',
  blue: '#60a5fa',
  red: '#ff5c6c',
};

/** Size is kept to 12-28 in steps of 2 (spec section 5). */
export function clampFontSize(size: number): number {
  const { fontSizeMin: min, fontSizeMax: max, fontSizeStep: step } = SUBTITLE;
  const stepped = min + Math.round((clamp(size, min, max) - min) / step) * step;
  return clamp(stepped, min, max);
}

export function stepFontSize(size: number, direction: 1 | -1): number {
  return clampFontSize(size + direction * SUBTITLE.fontSizeStep);
}

/** The subtitle stays between 20 px and 80% of the container's height (spec section 5). */
export const SUBTITLE_POSITION_MIN = 20;
export function clampPosition(position: number, containerHeight: number): number {
  const max = Math.max(SUBTITLE_POSITION_MIN, containerHeight * 0.8);
  return clamp(position, SUBTITLE_POSITION_MIN, max);
}

/** Half the centre play button (72 px) and the gap the subtitle keeps below it. */
export const CENTRE_CLEARANCE_PX = 36 + 8;

export interface SubtitleBand {
  min: number;
  max: number;
}

/**
 * Where the subtitle may sit, as px from the video's bottom to the subtitle's bottom edge: above
 * what covers the bottom (`reservedBottom`: the info and controls while they show) and wholly
 * below the centre play button, inside the spec's 20 px to 80%. Where a short screen leaves no
 * room between the two, the controls win: the subtitle sits just above them.
 */
export function subtitleBand(containerHeight: number, subtitleHeight: number, reservedBottom = 0): SubtitleBand {
  const min = Math.max(SUBTITLE_POSITION_MIN, reservedBottom);
  const belowCentre = containerHeight / 2 - CENTRE_CLEARANCE_PX - subtitleHeight;
  return { min, max: Math.max(min, Math.min(containerHeight * 0.8, belowCentre)) };
}

export function clampToBand(position: number, band: SubtitleBand): number {
  return clamp(position, band.min, band.max);
}

/** One line of subtitle at this size: the text's line (leading-snug) and its padding. */
export function estimatedSubtitleHeight(fontSize: number): number {
  return Math.ceil(fontSize * 1.375) + 8;
}

/**
 * A position saved before the band existed (dragged over the play button, up to 80% of the
 * screen) is brought into it when the settings are read, for a screen `viewportHeight` tall.
 */
export function settlePosition(settings: SubtitleSettings, viewportHeight: number): SubtitleSettings {
  if (!(viewportHeight > 0)) return settings;
  const band = subtitleBand(viewportHeight, estimatedSubtitleHeight(settings.fontSize));
  const position = Math.round(clampToBand(settings.position, band));
  return position === settings.position ? settings : { ...settings, position };
}

/** A stored value of the wrong shape (an old version, a hand edit) falls back to the defaults. */
export function readSubtitleSettings(): SubtitleSettings {
  return readJson(STORAGE_KEYS.subtitleSettings, readSubtitleSettingsValue) ?? DEFAULT_SUBTITLE_SETTINGS;
}

let current: SubtitleSettings | null = null;
const listeners = new Set<() => void>();

export function getSubtitleSettings(): SubtitleSettings {
  current ??= settlePosition(readSubtitleSettings(), typeof window === 'undefined' ? 0 : (window.innerHeight ?? 0));
  return current;
}

/** Merges a change, keeps every field in range and saves it. */
export function updateSubtitleSettings(change: Partial<SubtitleSettings>): SubtitleSettings {
  const merged = { ...getSubtitleSettings(), ...change, ...(change.language === undefined ? {} : { languageChosen: true }) };
  const next: SubtitleSettings = {
    ...merged,
    fontSize: clampFontSize(merged.fontSize),
    position: Math.max(SUBTITLE_POSITION_MIN, Number.isFinite(merged.position) ? merged.position : SUBTITLE.defaults.position),
  };
  current = readSubtitleSettingsValue(next) ?? getSubtitleSettings();
  writeJson(STORAGE_KEYS.subtitleSettings, current);
  for (const listener of listeners) listener();
  return current;
}

/** The subtitle back where it starts (the spec's default position). */
export function resetSubtitlePosition(): SubtitleSettings {
  return updateSubtitleSettings({ position: SUBTITLE.defaults.position });
}

/** For tests: forget what was read, so the next read goes to storage again. */
export function resetSubtitleSettingsCache(): void {
  current = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved settings, with the language the subtitles show in for the current interface language. */
export function useSubtitleSettings(): SubtitleSettings {
  const settings = useSyncExternalStore(subscribe, getSubtitleSettings, getSubtitleSettings);
  const locale = useLocale();
  return useMemo(() => ({ ...settings, language: subtitleLanguageFor(settings, locale) }), [settings, locale]);
}
