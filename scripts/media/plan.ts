/**
 * Media planner for `npm run media` (scripts/media/make-media.sh).
 *
 * Reads the demo catalogue (apps/server/src/seed/catalogue-data.ts) and writes everything the
 * shell script needs to render media/ with ffmpeg alone:
 *
 *   npx tsx scripts/media/plan.ts prepare <workDir> <outDir>
 *     <workDir>/jobs.tsv             one job a line: music | cover | clip (tab separated)
 *     <workDir>/svg/*.svg            cover artwork, clip overlays and light orbs (ffmpeg rasterises
 *                                    them with its librsvg decoder)
 *     <workDir>/filters/*.txt        ffmpeg -filter_complex_script graphs for music beds and clips
 *     <outDir>/clips/*.vtt           subtitles (zh, zh-Hant, en) for every clip
 *
 *   npx tsx scripts/media/plan.ts manifest <outDir> <durations.tsv>
 *     <outDir>/manifest.json         from "<clip>\t<seconds>\t<width>\t<height>" lines (ffprobe)
 *
 * Everything is deterministic: randomness comes from a PRNG seeded by names.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedDramas, subtitleLines } from '../../apps/server/src/seed/catalogue-data.js';
import type { SeedDrama } from '../../apps/server/src/seed/catalogue-data.js';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

const CLIP_W = 360;
const CLIP_H = 640;
const FPS = 24;
const COVER_W = 600;
const COVER_H = 800;
const AUDIO_RATE = 22050;
/** Length of each drama's music bed; clips take a window of it. */
const MUSIC_SECONDS = 130;

const FONT_SANS = 'Noto Sans CJK SC';
const FONT_SERIF = 'Noto Serif CJK SC';
const FONT_MONO = 'DejaVu Sans Mono';

/** Hand-picked line breaks for titles the generic wrapper would split mid-word. */
const TITLE_BREAKS: Record<string, string[]> = {
  'flash-marriage-billionaire': ['闪婚后，千亿总裁', '每天都在掉马'],
  'divorced-mysterious-tycoon': ['离婚后，我成了前夫', '高攀不起的神秘大佬', '全城豪门都在跪求我回家'],
  'cold-palace-consort': ['穿越之', '冷宫弃妃要翻身'],
  'mother-in-law-house-rules': ['婆婆，', '这个家我说了算'],
  'miracle-doctor-down-the-mountain': ['下山后，', '神医师父让我去退婚'],
};

/** A large decorative glyph on each cover, picked for the story. */
const MOTIFS: Record<string, string> = {
  'flash-marriage-billionaire': '婚',
  'reborn-heiress-strikes-back': '仇',
  'dragon-son-in-law': '龙',
  'divorced-mysterious-tycoon': '离',
  'cold-palace-consort': '宫',
  'sect-servant-sword': '剑',
  'contract-wife-ceo-gu': '约',
  'midnight-witness': '夜',
  'mother-in-law-house-rules': '家',
  'twin-sisters-swapped': '双',
  'surprise-triplets-daddy-ceo': '宝',
  'miracle-doctor-down-the-mountain': '医',
  'exhibit-thirteen': '证',
  'reborn-noble-daughter': '凤',
};

const SERIF_CATEGORIES = new Set(['revenge', 'fantasy', 'suspense']);
const MAJOR_CATEGORIES = new Set(['romance', 'urban']);

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG. */
function rng(seedText: string): () => number {
  let a = fnv1a(seedText);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!digits) throw new Error(`bad colour ${hex}`);
  const n = parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`.toUpperCase();
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number) => mix(c, '#FFFFFF', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);
/** ffmpeg colour syntax. */
const ff = (c: string) => `0x${c.slice(1)}`;

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function write(path: string, text: string): void {
  writeFileSync(path, text, 'utf8');
}

// ---------------------------------------------------------------------------------------------
// Text layout
// ---------------------------------------------------------------------------------------------

const PUNCT = new Set(['，', '：', '、', '！', '？', '；', ',', ':']);

/** Visual width of a CJK string in ems (full-width characters are 1, ASCII about 0.55). */
function emWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.55 : 1;
  return w;
}

/** Drops punctuation that would dangle at the end of a line. */
function trimLine(line: string): string {
  let out = line;
  while (out.length > 0 && PUNCT.has(out.at(-1) ?? '')) out = out.slice(0, -1);
  return out;
}

/**
 * Wraps a Chinese title into at most maxLines lines: prefers breaking after punctuation, otherwise
 * splits into balanced lines. Hand-picked breaks (TITLE_BREAKS) win.
 */
function wrapTitle(slug: string, title: string, maxLines: number): string[] {
  const hint = TITLE_BREAKS[slug];
  if (hint && hint.join('') === title) return hint.map(trimLine);
  const chars = [...title];
  if (chars.length <= 6) return [title];
  const lines = Math.min(maxLines, Math.max(2, Math.ceil(chars.length / 9)));
  const target = chars.length / lines;
  // Dynamic programming over break positions: squared deviation from the balanced length, with a
  // bonus for breaking right after punctuation.
  const n = chars.length;
  // best/from are indexed [line count * (n + 1) + characters used].
  const at = (l: number, i: number) => l * (n + 1) + i;
  const best = new Map<number, number>([[at(0, 0), 0]]);
  const from = new Map<number, number>();
  for (let l = 1; l <= lines; l++) {
    for (let end = 1; end <= n; end++) {
      for (let start = l - 1; start < end; start++) {
        const prev = best.get(at(l - 1, start));
        if (prev === undefined) continue;
        const seg = trimLine(chars.slice(start, end).join(''));
        const dev = emWidth(seg) - target;
        const breakBonus = end < n && PUNCT.has(chars[end - 1] ?? '') ? -20 : 0;
        const cost = prev + dev * dev + breakBonus;
        if (cost < (best.get(at(l, end)) ?? Infinity)) {
          best.set(at(l, end), cost);
          from.set(at(l, end), start);
        }
      }
    }
  }
  const out: string[] = [];
  let end = n;
  for (let l = lines; l >= 1; l--) {
    const start = from.get(at(l, end)) ?? 0;
    out.unshift(trimLine(chars.slice(start, end).join('')));
    end = start;
  }
  return out.filter((line) => line.length > 0);
}

/** Word wrap for Latin text: as few lines as a greedy wrap at maxChars, then balanced. */
function wrapLatin(text: string, maxChars: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const greedy = (width: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (next.length > width && line) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    if (line) lines.push(line);
    return lines;
  };
  const target = greedy(maxChars).length;
  if (target === 2) {
    // Prefer breaking after a colon or comma when both halves fit.
    let best: [string, string] | null = null;
    for (let i = 1; i < words.length; i++) {
      if (!/[:,]$/.test(words[i - 1] ?? '')) continue;
      const a = words.slice(0, i).join(' ');
      const b = words.slice(i).join(' ');
      if (a.length > maxChars || b.length > maxChars) continue;
      if (!best || Math.abs(a.length - b.length) < Math.abs(best[0].length - best[1].length)) best = [a, b];
    }
    if (best) return best;
  }
  for (let width = Math.ceil(text.length / target); width < maxChars; width++) {
    const lines = greedy(width);
    if (lines.length <= target) return lines;
  }
  return greedy(maxChars);
}

// ---------------------------------------------------------------------------------------------
// The clip plan
// ---------------------------------------------------------------------------------------------

interface Clip {
  name: string;
  drama: SeedDrama;
  /** Episode number, or null for the shared VIP clips. */
  episode: number | null;
  vipIndex: number;
  duration: number;
  musicOffset: number;
}

/**
 * Durations vary between 30 and 90 s: first episodes run a little longer, VIP-B clips longest.
 * Together they must keep media/ under its 40 MB budget (about 7 kB per second of clip,
 * so about 4,500 s in all).
 */
function clipDuration(name: string, kind: 'first' | 'free' | 'vip-a' | 'vip-b'): number {
  const r = rng(`duration:${name}`)();
  switch (kind) {
    case 'first':
      return 38 + Math.floor(r * 8); // 38..45
    case 'free':
      return 30 + Math.floor(r * 5); // 30..34
    case 'vip-a':
      return 34 + Math.floor(r * 9); // 34..42
    case 'vip-b':
      return 55 + Math.floor(r * 36); // 55..90
  }
}

function planClips(): Clip[] {
  const clips: Clip[] = [];
  for (const drama of seedDramas) {
    for (let ep = 1; ep <= drama.freeEpisodes; ep++) {
      const name = `${drama.slug}-ep${pad2(ep)}`;
      const duration = clipDuration(name, ep === 1 ? 'first' : 'free');
      clips.push({ name, drama, episode: ep, vipIndex: -1, duration, musicOffset: ((ep - 1) * 13) % 36 });
    }
    ['a', 'b'].forEach((letter, i) => {
      const name = `${drama.slug}-vip-${letter}`;
      const duration = clipDuration(name, i === 0 ? 'vip-a' : 'vip-b');
      clips.push({ name, drama, episode: null, vipIndex: i, duration, musicOffset: i === 0 ? 21 : 5 });
    });
  }
  for (const clip of clips) {
    if (clip.musicOffset + clip.duration > MUSIC_SECONDS) throw new Error(`music bed too short for ${clip.name}`);
  }
  return clips;
}

// ---------------------------------------------------------------------------------------------
// Music: a soft chord pad with a bell arpeggio, one bed per drama
// ---------------------------------------------------------------------------------------------

const KEYS = [220.0, 196.0, 246.94, 174.61, 207.65, 233.08, 185.0];

function musicGraph(drama: SeedDrama, index: number): string {
  const major = MAJOR_CATEGORIES.has(drama.category) || drama.tags.includes('sweet') || drama.tags.includes('comedy');
  const base = KEYS[index % KEYS.length];
  // Chord roots (semitones from the tonic) and thirds: I-V-vi-IV in major, i-VI-III-VII in minor.
  const roots = major ? [0, 7, 9, 5] : [0, 8, 3, 10];
  const thirds = major ? [4, 4, 3, 4] : [3, 4, 4, 4];
  const chordLen = drama.category === 'suspense' ? 5 : 4;
  const step = drama.category === 'suspense' ? 0.625 : drama.tags.includes('comedy') ? 0.4 : 0.5;
  const pick = (arr: number[]) => `if(eq(ld(0),0),${arr[0]},if(eq(ld(0),1),${arr[1]},if(eq(ld(0),2),${arr[2]},${arr[3]})))`;
  const expr = [
    `st(0,mod(floor(t/${chordLen}),4))`,
    `st(1,${pick(roots)})`,
    `st(2,${pick(thirds)})`,
    `st(3,mod(t,${chordLen}))`,
    `st(4,min(1,ld(3)/0.9)*min(1,(${chordLen}-ld(3))/0.7))`,
    `st(5,${base}*pow(2,ld(1)/12))`,
    `st(6,mod(floor(t/${step}),8))`,
    `st(7,if(eq(ld(6),0),0,if(eq(ld(6),1),ld(2),if(eq(ld(6),2),7,if(eq(ld(6),3),12,if(eq(ld(6),4),7+12,if(eq(ld(6),5),12,if(eq(ld(6),6),7,ld(2)))))))))`,
    `st(8,mod(t,${step}))`,
    // pad: bass, root, third and fifth, each slightly detuned against a twin for warmth
    `0.075*ld(4)*(0.9*sin(PI*ld(5)*t)+sin(2*PI*ld(5)*t)+sin(2*PI*ld(5)*1.004*t)*0.6` +
      `+0.8*sin(2*PI*ld(5)*pow(2,ld(2)/12)*t)+0.7*sin(2*PI*ld(5)*1.4983*t)+0.4*sin(2*PI*ld(5)*1.5043*t))` +
      // bell: a soft plucked note an octave up, following the chord
      `+0.085*(1-exp(-90*ld(8)))*exp(-5*ld(8))*(sin(4*PI*ld(5)*pow(2,ld(7)/12)*t)+0.25*sin(8*PI*ld(5)*pow(2,ld(7)/12)*t))`,
  ].join(';');
  return (
    `aevalsrc=exprs='${expr}':s=${AUDIO_RATE}:d=${MUSIC_SECONDS},` +
    `aecho=0.8:0.6:180|330:0.28|0.16,lowpass=f=5000,volume=5dB,` +
    `aformat=sample_fmts=s16:sample_rates=${AUDIO_RATE}:channel_layouts=mono[a]\n`
  );
}

// ---------------------------------------------------------------------------------------------
// SVG artwork
// ---------------------------------------------------------------------------------------------

function colours(drama: SeedDrama) {
  const [bright, dark] = drama.palette;
  return {
    bright,
    dark,
    deep: darken(dark, 0.45),
    mid: mix(bright, dark, 0.5),
    tint: lighten(bright, 0.55),
    glow: lighten(bright, 0.3),
  };
}

function titleFont(drama: SeedDrama): string {
  return SERIF_CATEGORIES.has(drama.category) ? FONT_SERIF : FONT_SANS;
}

function coverSvg(drama: SeedDrama): string {
  const c = colours(drama);
  const rand = rng(`cover:${drama.slug}`);
  const zh = drama.title['zh-CN'];
  const en = drama.title['en-US'].toUpperCase();
  const lines = wrapTitle(drama.slug, zh, 3);
  const widest = Math.max(...lines.map(emWidth));
  const maxSize = widest <= 3 ? 150 : 100;
  const size = Math.floor(Math.min(maxSize, 528 / widest));
  const lineGap = Math.round(size * 1.16);
  const enSize = en.length > 80 ? 15 : en.length > 40 ? 18 : 21;
  const enChars = Math.floor(520 / (enSize * 0.66 + 2));
  const enLines = wrapLatin(en, enChars);
  const enGap = Math.round(enSize * 1.45);

  // Stack from the bottom: English lines, divider, Chinese lines.
  const bottom = COVER_H - 58;
  const enTop = bottom - enGap * (enLines.length - 1);
  const dividerY = enTop - enSize - 22;
  const zhLast = dividerY - Math.round(size * 0.36);
  const zhFirst = zhLast - lineGap * (lines.length - 1);
  const font = titleFont(drama);
  const motif = MOTIFS[drama.slug] ?? [...zh][0] ?? '';

  const bokeh: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = Math.round(rand() * COVER_W);
    const y = Math.round(40 + rand() * 520);
    const r = Math.round(6 + rand() * rand() * 46);
    const o = (0.08 + rand() * 0.22).toFixed(2);
    const blur = rand() < 0.5 ? 'b2' : 'b6';
    const fill = rand() < 0.5 ? '#FFFFFF' : c.tint;
    bokeh.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" fill-opacity="${o}" filter="url(#${blur})"/>`);
  }
  const beams: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = Math.round(330 + rand() * 260);
    const w = Math.round(18 + rand() * 50);
    const angle = Math.round(22 + rand() * 14);
    beams.push(
      `<rect x="${x}" y="-120" width="${w}" height="900" fill="url(#beam)" transform="rotate(${angle} ${x} 0)" filter="url(#b6)"/>`,
    );
  }
  const zhText = lines
    .map((line, i) => `<text x="300" y="${zhFirst + i * lineGap}">${xmlEscape(line)}</text>`)
    .join('\n    ');
  const enText = enLines
    .map((line, i) => `<text x="300" y="${enTop + i * enGap}">${xmlEscape(line)}</text>`)
    .join('\n    ');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_W}" height="${COVER_H}" viewBox="0 0 ${COVER_W} ${COVER_H}">
  <defs>
    <linearGradient id="bg" x1="0.15" y1="0" x2="0.85" y2="1">
      <stop offset="0" stop-color="${c.bright}"/>
      <stop offset="0.55" stop-color="${c.mid}"/>
      <stop offset="1" stop-color="${c.deep}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.74" cy="0.2" r="0.62">
      <stop offset="0" stop-color="${c.glow}" stop-opacity="0.85"/>
      <stop offset="0.45" stop-color="${c.bright}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${c.bright}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.28"/>
      <stop offset="0.6" stop-color="#FFFFFF" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${c.deep}" stop-opacity="0"/>
      <stop offset="0.55" stop-color="${c.deep}" stop-opacity="0.78"/>
      <stop offset="1" stop-color="${c.deep}" stop-opacity="0.96"/>
    </linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.8">
      <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.45"/>
    </radialGradient>
    <linearGradient id="title" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#FFFFFF"/>
      <stop offset="1" stop-color="${lighten(c.bright, 0.78)}"/>
    </linearGradient>
    <filter id="b2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
    <filter id="b6" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="shadow" x="-20%" y="-40%" width="140%" height="180%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="${Math.max(4, Math.round(size / 12))}"/>
      <feOffset dy="${Math.max(3, Math.round(size / 20))}"/>
      <feComponentTransfer><feFuncA type="linear" slope="0.75"/></feComponentTransfer>
      <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
  </defs>
  <rect width="${COVER_W}" height="${COVER_H}" fill="url(#bg)"/>
  <rect width="${COVER_W}" height="${COVER_H}" fill="url(#glow)"/>
  ${beams.join('\n  ')}
  <text x="${COVER_W + 40}" y="430" font-family="${font}" font-weight="bold" font-size="470" text-anchor="end"
    fill="#FFFFFF" fill-opacity="0.07" stroke="#FFFFFF" stroke-opacity="0.22" stroke-width="2">${xmlEscape(motif)}</text>
  ${bokeh.join('\n  ')}
  <rect y="300" width="${COVER_W}" height="${COVER_H - 300}" fill="url(#scrim)"/>
  <rect width="${COVER_W}" height="${COVER_H}" fill="url(#vignette)"/>
  <g font-family="${font}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="url(#title)"
    stroke="${c.deep}" stroke-width="${Math.max(2, Math.round(size / 22))}" stroke-linejoin="round" paint-order="stroke" filter="url(#shadow)">
    ${zhText}
  </g>
  <g fill="${c.tint}">
    <rect x="236" y="${dividerY - 1}" width="44" height="2" fill-opacity="0.8"/>
    <rect x="320" y="${dividerY - 1}" width="44" height="2" fill-opacity="0.8"/>
    <rect x="295" y="${dividerY - 5}" width="10" height="10" transform="rotate(45 300 ${dividerY})"/>
  </g>
  <g font-family="${FONT_SANS}" font-size="${enSize}" letter-spacing="2" text-anchor="middle" fill="#FFFFFF" fill-opacity="0.92">
    ${enText}
  </g>
</svg>
`;
}

interface OverlayLayout {
  svg: string;
  timecodeY: number;
  progressY: number;
}

function overlaySvg(clip: Clip): OverlayLayout {
  const { drama } = clip;
  const c = colours(drama);
  const zh = drama.title['zh-CN'];
  const en = drama.title['en-US'].toUpperCase();
  const lines = wrapTitle(drama.slug, zh, 3);
  const widest = Math.max(...lines.map(emWidth));
  const size = Math.floor(Math.min(widest <= 3 ? 64 : 40, 316 / widest));
  const lineGap = Math.round(size * 1.2);
  const enSize = en.length > 80 ? 10 : 11.5;
  const enLines = wrapLatin(en, Math.floor(316 / (enSize * 0.62 + 1.2)));
  const enGap = Math.round(enSize * 1.55);
  const font = titleFont(drama);

  const firstBaseline = 150 + size;
  const zhText = lines
    .map((line, i) => `<text x="180" y="${firstBaseline + i * lineGap}">${xmlEscape(line)}</text>`)
    .join('\n    ');
  const dividerY = firstBaseline + (lines.length - 1) * lineGap + 22;
  const enTop = dividerY + 24;
  const enText = enLines
    .map((line, i) => `<text x="180" y="${enTop + i * enGap}">${xmlEscape(line)}</text>`)
    .join('\n    ');
  const pillY = enTop + (enLines.length - 1) * enGap + 26;

  let pill: string;
  if (clip.episode !== null) {
    const label = `第${clip.episode}集 · EP ${clip.episode}`;
    pill = `<rect x="102" y="${pillY}" width="156" height="34" rx="17" fill="#000000" fill-opacity="0.32" stroke="#FFFFFF" stroke-opacity="0.55" stroke-width="1.2"/>
  <text x="180" y="${pillY + 23}" font-family="${FONT_SANS}" font-weight="bold" font-size="16" fill="#FFFFFF" text-anchor="middle">${label}</text>`;
  } else {
    pill = `<rect x="96" y="${pillY}" width="168" height="34" rx="17" fill="url(#gold)"/>
  <text x="180" y="${pillY + 23}" font-family="${FONT_SANS}" font-weight="bold" font-size="16" fill="#3A2300" text-anchor="middle">VIP · 会员专享</text>`;
  }
  const timecodeY = pillY + 48;
  const progressY = timecodeY + 24;

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CLIP_W}" height="${CLIP_H}" viewBox="0 0 ${CLIP_W} ${CLIP_H}">
  <defs>
    <linearGradient id="top" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0.5"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="bottom" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${c.deep}" stop-opacity="0"/>
      <stop offset="1" stop-color="${c.deep}" stop-opacity="0.85"/>
    </linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.42" r="0.75">
      <stop offset="0.55" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.5"/>
    </radialGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#FFE7A3"/>
      <stop offset="1" stop-color="#E8B04B"/>
    </linearGradient>
    <filter id="shadow" x="-20%" y="-40%" width="140%" height="180%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="3"/>
      <feOffset dy="2"/>
      <feComponentTransfer><feFuncA type="linear" slope="0.7"/></feComponentTransfer>
      <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
  </defs>
  <rect width="${CLIP_W}" height="${CLIP_H}" fill="url(#vignette)"/>
  <rect width="${CLIP_W}" height="150" fill="url(#top)"/>
  <rect y="420" width="${CLIP_W}" height="220" fill="url(#bottom)"/>
  <g font-family="${font}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="#FFFFFF" filter="url(#shadow)">
    ${zhText}
  </g>
  <rect x="150" y="${dividerY - 1}" width="60" height="2" fill="${c.tint}"/>
  <g font-family="${FONT_SANS}" font-size="${enSize}" letter-spacing="1.2" text-anchor="middle" fill="#FFFFFF" fill-opacity="0.9" filter="url(#shadow)">
    ${enText}
  </g>
  ${pill}
</svg>
`;
  return { svg, timecodeY, progressY };
}

function orbSvg(drama: SeedDrama): string {
  const c = colours(drama);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <defs>
    <radialGradient id="o">
      <stop offset="0" stop-color="${c.tint}" stop-opacity="0.5"/>
      <stop offset="0.45" stop-color="${c.glow}" stop-opacity="0.2"/>
      <stop offset="1" stop-color="${c.glow}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <circle cx="160" cy="160" r="160" fill="url(#o)"/>
</svg>
`;
}

// ---------------------------------------------------------------------------------------------
// Clip filter graphs
// ---------------------------------------------------------------------------------------------

/**
 * Inputs: [0] overlay PNG (looped), [1] orb PNG (looped), [2] the drama's music bed (already
 * seeked to the clip's offset). Outputs [v] and [a].
 */
function clipGraph(clip: Clip, layout: OverlayLayout): string {
  const c = colours(clip.drama);
  const d = clip.duration;
  const r = rng(`clip:${clip.name}`);
  const seed = fnv1a(clip.name) % 100000;
  const p1 = (r() * 6.28).toFixed(2);
  const p2 = (r() * 6.28).toFixed(2);
  const total = `${pad2(Math.floor(d / 60))}\\:${pad2(d % 60)}`;
  const barW = 150;
  const barX = (CLIP_W - barW) / 2;
  return [
    // A slowly wandering glow of the drama's colour over its dark tone.
    `gradients=s=${CLIP_W / 4}x${CLIP_H / 4}:r=${FPS}:d=${d}:n=3:c0=${ff(c.bright)}:c1=${ff(mix(c.bright, c.dark, 0.6))}:` +
      `c2=${ff(c.deep)}:speed=0.004:seed=${seed}:type=radial,` +
      `format=yuv444p,gblur=sigma=5,scale=${CLIP_W}:${CLIP_H}:flags=bicubic,format=yuv420p[bg]`,
    `[1:v]format=rgba[orb]`,
    `[bg][orb]overlay=x='20+110*sin(t*0.23+${p1})':y='120+150*sin(t*0.17+${p2})':shortest=1[b1]`,
    `[b1][0:v]overlay=0:0:shortest=1[b2]`,
    `color=c=white@0.25:s=${barW}x3:r=${FPS}:d=${d},format=rgba[track]`,
    `color=c=${ff(c.tint)}:s=${barW}x3:r=${FPS}:d=${d},format=rgba[fill]`,
    `[track][fill]overlay=x='-${barW}+${barW}*t/${d}':y=0[bar]`,
    `[b2][bar]overlay=x=${barX}:y=${layout.progressY}:shortest=1,` +
      `drawtext=font='${FONT_MONO}':fontsize=13:fontcolor=white@0.85:x=(w-tw)/2:y=${layout.timecodeY}:` +
      `text='%{eif\\:floor(t/60)\\:d\\:2}\\:%{eif\\:mod(floor(t)\\,60)\\:d\\:2} / ${total}',` +
      `format=yuv420p[v]`,
    `[2:a]atrim=0:${d},asetpts=PTS-STARTPTS,afade=t=in:d=1.5,afade=t=out:st=${d - 2.5}:d=2.5[a]`,
  ].join(';\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Subtitles
// ---------------------------------------------------------------------------------------------

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3600000);
  const m = Math.floor((ms % 3600000) / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  return `${pad2(h)}:${pad2(m)}:${pad2(s)}.${String(ms % 1000).padStart(3, '0')}`;
}

/** Splits [0, duration] into cue slots of 3-6 s (about 4.5 s each, jittered by up to 1.2 s). */
function cueSlots(clip: Clip): Array<[number, number]> {
  const rand = rng(`cues:${clip.name}`);
  const count = Math.max(1, Math.round(clip.duration / 4.5));
  const base = clip.duration / count;
  const jitter = Array.from({ length: count }, () => (rand() - 0.5) * 1.2);
  const mean = jitter.reduce((a, b) => a + b, 0) / count;
  const slots: Array<[number, number]> = [];
  let t = 0;
  jitter.forEach((j, i) => {
    const end = i === count - 1 ? clip.duration : Math.round((t + base + j - mean) * 10) / 10;
    slots.push([t, end]);
    t = end;
  });
  return slots;
}

function writeSubtitles(clip: Clip, clipsDir: string): void {
  const lines = subtitleLines[clip.drama.slug];
  if (!lines || lines.length < 12) throw new Error(`subtitleLines for ${clip.drama.slug} needs 12+ lines`);
  const start = clip.episode !== null ? (clip.episode - 1) * 5 : 3 + clip.vipIndex * 7;
  const slots = cueSlots(clip);
  const files: Array<[string, 'zh-CN' | 'zh-Hant' | 'en-US']> = [
    ['zh', 'zh-CN'],
    ['zh-Hant', 'zh-Hant'],
    ['en', 'en-US'],
  ];
  for (const [suffix, locale] of files) {
    const cues = slots.map(([from, to], i) => {
      const a = i === 0 ? from + 0.3 : from;
      const b = i === slots.length - 1 ? to - 0.3 : to - 0.2;
      const text = lines[(start + i) % lines.length]?.[locale] ?? '';
      return `${i + 1}\n${vttTime(a)} --> ${vttTime(b)}\n${text}\n`;
    });
    write(join(clipsDir, `${clip.name}.${suffix}.vtt`), `WEBVTT\n\n${cues.join('\n')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

function prepare(workDir: string, outDir: string): void {
  const svgDir = join(workDir, 'svg');
  const filterDir = join(workDir, 'filters');
  const clipsDir = join(outDir, 'clips');
  for (const dir of [svgDir, filterDir, clipsDir, join(outDir, 'covers'), join(outDir, 'brand')]) {
    mkdirSync(dir, { recursive: true });
  }
  const slugs = new Set<string>();
  for (const drama of seedDramas) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(drama.slug)) throw new Error(`bad slug ${drama.slug}`);
    if (slugs.has(drama.slug)) throw new Error(`duplicate slug ${drama.slug}`);
    slugs.add(drama.slug);
    if (drama.freeEpisodes < 1 || drama.freeEpisodes > 99) throw new Error(`bad freeEpisodes for ${drama.slug}`);
  }

  const jobs: string[] = [];
  seedDramas.forEach((drama, i) => {
    write(join(filterDir, `music-${drama.slug}.txt`), musicGraph(drama, i));
    jobs.push(['music', drama.slug, String(MUSIC_SECONDS)].join('\t'));
  });
  for (const drama of seedDramas) {
    write(join(svgDir, `cover-${drama.slug}.svg`), coverSvg(drama));
    write(join(svgDir, `orb-${drama.slug}.svg`), orbSvg(drama));
    jobs.push(['cover', drama.slug].join('\t'));
  }
  for (const clip of planClips()) {
    const layout = overlaySvg(clip);
    write(join(svgDir, `overlay-${clip.name}.svg`), layout.svg);
    write(join(filterDir, `clip-${clip.name}.txt`), clipGraph(clip, layout));
    writeSubtitles(clip, clipsDir);
    jobs.push(['clip', clip.name, clip.drama.slug, String(clip.duration), String(clip.musicOffset)].join('\t'));
  }
  write(join(workDir, 'jobs.tsv'), `${jobs.join('\n')}\n`);
}

function manifest(outDir: string, durationsFile: string): void {
  const clips: Record<string, { durationSeconds: number; width: number; height: number }> = {};
  for (const line of readFileSync(durationsFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const [name, seconds, width, height] = line.split('\t');
    if (!name) continue;
    clips[name] = { durationSeconds: Math.round(Number(seconds)), width: Number(width), height: Number(height) };
  }
  for (const clip of planClips()) {
    if (!clips[clip.name]) throw new Error(`no measured duration for ${clip.name}`);
  }
  const covers = seedDramas.map((d) => `${d.slug}.jpg`);
  write(join(outDir, 'manifest.json'), `${JSON.stringify({ clips, covers }, null, 2)}\n`);
}

const [command, first, second, ...rest] = process.argv.slice(2);
if (command === 'prepare' && first && second && rest.length === 0) {
  prepare(first, second);
} else if (command === 'manifest' && first && second && rest.length === 0) {
  manifest(first, second);
} else {
  process.stderr.write('usage: plan.ts prepare <workDir> <outDir> | manifest <outDir> <durations.tsv>\n');
  process.exit(2);
}
