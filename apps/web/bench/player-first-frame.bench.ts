import { expect, test } from '@playwright/test';
import { dramaDetail, expectPlaying, openAs } from '../../../e2e/player-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** DESIGN.md section 6, on localhost. */
const COLD_OPEN_BUDGET_MS = 1000;
const SWIPE_BUDGET_MS = 300;

type Frames = { src: string; at: number }[];
/** Milestones of one cold open, in ms since navigation, so a slow run shows where it waited. */
interface Milestones {
  scripts: number;
  dramaAnswered: number;
  sourceSet: number;
  loadedData: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Records, for the visible <video>, when each source presents its first frame (ms since
 * navigation), and when each element starts loading a source and has its first data.
 */
function watchFrames(): void {
  const seen = new WeakSet<HTMLVideoElement>();
  const frames: { src: string; at: number }[] = [];
  const events: { type: string; src: string; at: number }[] = [];
  Object.assign(window, { __frames: frames, __videoEvents: events });
  const watch = (video: HTMLVideoElement) => {
    if (seen.has(video)) return;
    seen.add(video);
    const onFrame = (now: number) => {
      if (video.dataset.active === 'true') frames.push({ src: video.currentSrc, at: now });
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    for (const type of ['loadstart', 'loadeddata'])
      video.addEventListener(type, () => events.push({ type, src: video.currentSrc, at: performance.now() }));
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, {
    childList: true,
    subtree: true,
  });
}

function readMilestones({ episodeId, dramaId }: { episodeId: number; dramaId: number }): Milestones {
  const { __videoEvents: events } = window as unknown as { __videoEvents: { type: string; src: string; at: number }[] };
  const of = (type: string) => events.find((e) => e.type === type && e.src.includes(`/episodes/${episodeId}/`))?.at ?? NaN;
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
  const drama = resources.find((r) => new URL(r.name).pathname === `/api/v1/client/dramas/${dramaId}`);
  return {
    scripts: Math.max(...scripts.map((r) => r.responseEnd)),
    dramaAnswered: drama?.responseEnd ?? NaN,
    sourceSet: of('loadstart'),
    loadedData: of('loadeddata'),
  };
}

test('player first frame: cold open and swipe to the next episode', async ({ browser, request }) => {
  const detail = await dramaDetail(request, 1);
  const [first, second] = detail.episodes;
  if (!first || !second) throw new Error('drama 1 needs two episodes');
  const firstFrameOf = (frames: Frames, id: number) => frames.find((f) => f.src.includes(`/episodes/${id}/`))?.at;
  const coldOpens: number[] = [];
  const milestones: Milestones[] = [];
  const swipes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context each time: nothing cached, as for a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(watchFrames);
    await openAs(page);
    await page.goto(`/player/1?episode=${first.id}`);
    await expectPlaying(page, first.id);
    const frames = () => page.evaluate(() => (window as unknown as { __frames: Frames }).__frames);
    const cold = firstFrameOf(await frames(), first.id);
    if (cold !== undefined) coldOpens.push(cold);
    milestones.push(await page.evaluate(readMilestones, { episodeId: first.id, dramaId: 1 }));
    // The next episode is preloaded while this one plays, as after a few seconds of watching.
    await page.locator('video[data-active="false"]').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          if (video.readyState >= 2) resolve();
          else video.addEventListener('loadeddata', () => resolve(), { once: true });
        }),
    );
    const start = await page.evaluate(() => {
      const at = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
      return at;
    });
    await expectPlaying(page, second.id);
    const next = firstFrameOf(await frames(), second.id);
    if (next !== undefined) swipes.push(next - start);
    await context.close();
  }
  const report = [
    `player first frame over ${RUNS} runs (Chromium, localhost, median):`,
    `  cold open to first frame: ${median(coldOpens).toFixed(0)} ms (budget ${COLD_OPEN_BUDGET_MS} ms; min ${Math.min(...coldOpens).toFixed(0)}, max ${Math.max(...coldOpens).toFixed(0)})`,
    `    of which (median ms since navigation): scripts loaded ${median(milestones.map((m) => m.scripts)).toFixed(0)}, drama answered ${median(milestones.map((m) => m.dramaAnswered)).toFixed(0)}, source set ${median(milestones.map((m) => m.sourceSet)).toFixed(0)}, first data ${median(milestones.map((m) => m.loadedData)).toFixed(0)}`,
    `  swipe to next first frame: ${median(swipes).toFixed(0)} ms (budget ${SWIPE_BUDGET_MS} ms; min ${Math.min(...swipes).toFixed(0)}, max ${Math.max(...swipes).toFixed(0)})`,
  ].join('\n');
  console.log(report);
  // A run whose first frame was never seen would otherwise shrink the sample without a word.
  expect(coldOpens, 'cold opens with a first frame').toHaveLength(RUNS);
  expect(swipes, 'swipes with a first frame').toHaveLength(RUNS);
  expect.soft(median(coldOpens), 'median cold open to first frame, ms').toBeLessThanOrEqual(COLD_OPEN_BUDGET_MS);
  expect.soft(median(swipes), 'median swipe to the next first frame, ms').toBeLessThanOrEqual(SWIPE_BUDGET_MS);
});
