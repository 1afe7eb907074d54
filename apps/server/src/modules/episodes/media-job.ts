import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../platform/context.js';
import type { JobRun } from '../../platform/jobs/queue.js';
import { isStoredMediaKey } from '../catalogue/media-urls.js';
import { storedLayout } from '../media/stored-layout.js';
import { mediaTools } from './ffmpeg.js';
import { UnusableMediaError } from './probe.js';
import * as queries from './queries.js';
import { noticesOf, transactionWithNotices } from '../notices/service.js';
import { transcode } from './transcode.js';

/** The job that turns an uploaded file into an episode's media. */
export const PROCESS_MEDIA_JOB = 'episodes.process-media';
/** Tries before a job is left failed (the first and two retries); the console's retry starts again. */
export const MEDIA_JOB_ATTEMPTS = 3;

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/**
 * Processes one upload for one episode: probe, transcode to the ladder and the MP4 fallback,
 * poster, then put everything in the storage and, in one transaction, point the episode at it.
 * Idempotent: a finished job does nothing, and a job run twice (a retry after a crash) writes the
 * same objects under the same key. Until that last transaction the episode keeps what it had (no
 * media for a new one, the previous file for a replaced one), so viewers never see half of it.
 */
export function mediaJob(ctx: AppContext) {
  const tools = () => mediaTools(ctx.config);
  const db = ctx.db;

  async function setProgress(jobId: number, progress: number): Promise<void> {
    await queries.updateJob(db, jobId, { progress, updated_at: new Date() }, 'running');
  }

  async function fail(jobId: number, episodeId: number, reason: string, final: boolean): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await queries.updateJob(trx, jobId, { state: final ? 'failed' : 'queued', failure_reason: reason, updated_at: new Date(), ...(final ? { finished_at: new Date() } : {}) });
      // A new episode whose media could not be made says so; a replaced one keeps playing its old file.
      if (final) await queries.setMediaStatus(trx, episodeId, 'failed', 'pending');
    });
  }

  return {
    name: PROCESS_MEDIA_JOB,
    retryLimit: MEDIA_JOB_ATTEMPTS - 1,
    retryDelaySeconds: 2,
    async run(data: { mediaJobId: number }, run: JobRun): Promise<void> {
      const job = await queries.findJob(db, data.mediaJobId);
      if (!job || job.state === 'succeeded') return;
      if (job.state === 'failed' && job.attempts >= MEDIA_JOB_ATTEMPTS) return;
      const upload = (await queries.findUploads(db, [job.upload_id]))[0];
      const attempt = job.attempts + 1;
      await queries.updateJob(db, job.id, { state: 'running', attempts: attempt, progress: 0, failure_reason: null, updated_at: new Date() });
      if (!upload || !(await ctx.storage.head(upload.storage_key))) {
        await fail(job.id, job.episode_id, 'The uploaded file is gone from the storage; upload it again', true);
        return;
      }

      const work = await mkdtemp(path.join(os.tmpdir(), 'drama-media-'));
      const key = storedLayout.key(job.id);
      try {
        const source = path.join(work, 'source');
        await pipeline(await ctx.storage.get(upload.storage_key), createWriteStream(source));
        let shown = 0;
        let shownAt = 0;
        const outDir = path.join(work, 'out');
        const result = await transcode(tools(), source, outDir, {
          ladder: ctx.config.MEDIA_LADDER,
          signal: run.signal,
          onProgress: (fraction) => {
            // Encoding is most of the work; the rest is the poster and the copy into the storage.
            const progress = Math.floor(fraction * 90);
            if (progress > shown && Date.now() - shownAt > 500) {
              shown = progress;
              shownAt = Date.now();
              void setProgress(job.id, progress).catch(() => undefined);
            }
          },
        });
        await setProgress(job.id, 90);
        const target = (file: string) =>
          file === 'video.mp4'
            ? storedLayout.video(key)
            : file === 'poster.jpg'
              ? storedLayout.poster(key)
              : `${storedLayout.hlsFolder(key)}${file.slice('hls/'.length)}`;
        for (const [index, file] of result.files.entries()) {
          const local = path.join(outDir, file);
          await ctx.storage.put(target(file), createReadStream(local), {
            size: (await stat(local)).size,
            contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          });
          if (index % 10 === 9) await setProgress(job.id, 90 + Math.floor((index / result.files.length) * 9));
        }

        const previous = await transactionWithNotices(ctx, async (trx) => {
          const episode = await queries.lockEpisodeMedia(trx, job.episode_id);
          const current = (await queries.latestJobId(trx, job.episode_id)) === job.id;
          if (episode && current) {
            await queries.updateEpisode(trx, job.episode_id, {
              media_key: key,
              media_source: 'storage',
              media_status: 'ready',
              poster_key: storedLayout.poster(key),
              duration_seconds: Math.max(1, Math.round(result.probe.durationSeconds)),
            });
            await queries.recountDrama(trx, episode.drama_id);
            // A published episode whose media is now ready is one viewers can watch: its drama's favouriting members hear of it.
            await noticesOf(ctx)?.newEpisode(trx, job.episode_id);
          }
          await queries.updateJob(trx, job.id, { state: 'succeeded', progress: 100, failure_reason: null, updated_at: new Date(), finished_at: new Date() });
          // A later replacement made this one's output useless: it is removed below instead.
          return current ? episode?.media_key : key;
        });
        ctx.changes.emit('episodes.changed');
        // The same key again (a retry) is the media now playing: only another key is removed.
        if (previous && previous !== key && isStoredMediaKey(previous)) await removeMedia(ctx, previous);
        await ctx.storage.delete(upload.storage_key).catch(() => undefined);
      } catch (error) {
        if (run.signal.aborted) {
          await queries.updateJob(db, job.id, { state: 'queued', updated_at: new Date() }).catch(() => undefined);
          throw error;
        }
        if (error instanceof UnusableMediaError) {
          await fail(job.id, job.episode_id, error.message, true);
          await queries.updateJob(db, job.id, { attempts: MEDIA_JOB_ATTEMPTS });
          return;
        }
        const reason = `Processing failed: ${(error as Error).message}`.slice(0, 500);
        await fail(job.id, job.episode_id, reason, attempt >= MEDIA_JOB_ATTEMPTS);
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

/** Removes an episode's processed media (a replaced file's, once the new one plays). */
export async function removeMedia(ctx: AppContext, mediaKey: string): Promise<void> {
  await ctx.storage.deletePrefix(storedLayout.hlsFolder(mediaKey)).catch(() => undefined);
  await ctx.storage.delete(storedLayout.video(mediaKey)).catch(() => undefined);
  await ctx.storage.delete(storedLayout.poster(mediaKey)).catch(() => undefined);
}
