import type {
  ConsoleEpisode,
  ConsoleSubtitleLanguage,
  MediaJob,
  MediaJobListQuery,
  Paged,
} from '@drama/contracts';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { storedLayout } from '../media/stored-layout.js';
import { isStoredMediaKey } from '../catalogue/media-urls.js';
import { PROCESS_MEDIA_JOB, removeMedia } from './media-job.js';
import * as queries from './queries.js';
import { noticesOf, transactionWithNotices } from '../notices/service.js';
import { SubtitleFormatError, toWebVtt } from './subtitles.js';
import { iso } from '../../platform/iso-time.js';

type EpisodeRow = Awaited<ReturnType<typeof queries.findEpisodes>>[number];
type JobRow = NonNullable<Awaited<ReturnType<typeof queries.findJob>>>;

export function presentJob(row: JobRow): MediaJob {
  return {
    id: row.id,
    episodeId: row.episode_id,
    dramaId: row.drama_id,
    sequence: row.sequence,
    uploadId: row.upload_id,
    fileName: row.file_name ?? null,
    state: row.state,
    progress: row.progress,
    attempts: row.attempts,
    failureReason: row.failure_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
  };
}

/**
 * The console's episodes: made from finished uploads, ordered, made free, published, given new
 * files and subtitles. Each change is audited in its own transaction; the processing of a file is
 * queued in that transaction too, so an episode never waits for a job that was not queued.
 */
export class EpisodeConsoleService {
  constructor(private readonly ctx: AppContext) {}

  /** Viewers' cached catalogue reads go, on every instance (app.ts). */
  private onChange(): void {
    this.ctx.changes.emit('episodes.changed');
  }

  private async present(rows: EpisodeRow[]): Promise<ConsoleEpisode[]> {
    const ids = rows.map((row) => row.id);
    const [jobs, subtitles] = await Promise.all([
      queries.findLatestJobs(this.ctx.db, ids),
      queries.findSubtitleLanguages(this.ctx.db, ids),
    ]);
    return rows.map((row) => {
      const job = jobs.find((candidate) => candidate.episode_id === row.id);
      return {
        id: row.id,
        dramaId: row.drama_id,
        sequence: row.sequence,
        isFree: row.is_free,
        status: row.status,
        mediaStatus: row.media_status,
        visible: row.status === 'published' && row.media_status === 'ready',
        durationSeconds: row.duration_seconds,
        posterUrl: row.poster_key ? `/api/v1/console/episodes/${row.id}/poster` : null,
        previewUrl: isStoredMediaKey(row.media_key) ? `/api/v1/console/episodes/${row.id}/video.mp4` : null,
        subtitles: subtitles.filter((subtitle) => subtitle.episode_id === row.id).map((subtitle) => subtitle.language),
        job: job ? presentJob(job) : null,
        updatedAt: iso(row.updated_at),
      };
    });
  }

  async list(dramaId: number): Promise<{ items: ConsoleEpisode[]; freeEpisodeCount: number }> {
    if (!(await queries.findDrama(this.ctx.db, dramaId))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
    const rows = await queries.findEpisodes(this.ctx.db, dramaId);
    return { items: await this.present(rows), freeEpisodeCount: rows.filter((row) => row.is_free).length };
  }

  async get(episodeId: number): Promise<ConsoleEpisode> {
    const row = await queries.findEpisode(this.ctx.db, episodeId);
    if (!row) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
    const [episode] = await this.present([row]);
    return episode as ConsoleEpisode;
  }

  private async usableUploads(trx: Transaction<Database>, uploadIds: string[]) {
    if (new Set(uploadIds).size !== uploadIds.length) {
      throw new AppError('VALIDATION_FAILED', 'An upload is listed twice', { issues: [{ path: 'uploadIds', message: 'must not repeat' }] });
    }
    const found = await queries.findUploads(trx, uploadIds);
    const missing = uploadIds.filter((id) => !found.some((upload) => upload.id === id));
    if (missing.length > 0) throw new AppError('UPLOAD_NOT_FOUND', 'Some uploads are unknown or not finished', { uploadIds: missing });
    const used = await queries.findUsedUploads(trx, uploadIds);
    if (used.length > 0) {
      throw new AppError('CONFLICT', 'Some uploads already belong to an episode', { uploadIds: used.map((row) => row.upload_id) });
    }
  }

  private async queue(trx: Transaction<Database>, mediaJobId: number): Promise<void> {
    await this.ctx.jobs.send(PROCESS_MEDIA_JOB, { mediaJobId }, { within: trx });
  }

  /** Each upload becomes a new episode after the drama's last one, in the order given. */
  async createFromUploads(actor: Actor, dramaId: number, body: { uploadIds: string[]; publish: boolean }): Promise<{ items: ConsoleEpisode[]; freeEpisodeCount: number }> {
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await queries.findDrama(trx, dramaId))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
      await this.usableUploads(trx, body.uploadIds);
      let sequence = await queries.maxSequence(trx, dramaId);
      for (const uploadId of body.uploadIds) {
        sequence += 1;
        const episode = await queries.insertPendingEpisode(trx, dramaId, sequence, body.publish ? 'published' : 'draft');
        const job = await queries.insertJob(trx, episode.id, uploadId);
        await this.queue(trx, job.id);
        await writeAudit(trx, actor, {
          action: 'episode.upload',
          targetType: 'episode',
          targetId: episode.id,
          after: { dramaId, sequence, uploadId, mediaJobId: job.id, status: body.publish ? 'published' : 'draft' },
        });
      }
    });
    return this.list(dramaId);
  }

  async reorder(actor: Actor, dramaId: number, episodeIds: number[]): Promise<{ items: ConsoleEpisode[]; freeEpisodeCount: number }> {
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await queries.findDrama(trx, dramaId))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
      const rows = await queries.findEpisodes(trx, dramaId);
      const current = rows.map((row) => row.id);
      if (episodeIds.length !== current.length || new Set(episodeIds).size !== current.length || !episodeIds.every((id) => current.includes(id))) {
        throw new AppError('VALIDATION_FAILED', 'List every episode of the drama exactly once', {
          issues: [{ path: 'episodeIds', message: 'must hold each episode of the drama once' }],
        });
      }
      const free = rows.filter((row) => row.is_free).length;
      await queries.renumber(trx, dramaId, episodeIds);
      // "The first N are free" holds after the move as before it.
      await queries.applyFreeCount(trx, dramaId, free);
      await queries.recountDrama(trx, dramaId);
      await writeAudit(trx, actor, { action: 'episode.reorder', targetType: 'drama', targetId: dramaId, before: { episodeIds: current }, after: { episodeIds } });
    });
    this.onChange();
    return this.list(dramaId);
  }

  async setFreeCount(actor: Actor, dramaId: number, count: number): Promise<{ items: ConsoleEpisode[]; freeEpisodeCount: number }> {
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await queries.findDrama(trx, dramaId))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
      const before = (await queries.findEpisodes(trx, dramaId)).filter((row) => row.is_free).length;
      await queries.applyFreeCount(trx, dramaId, count);
      await queries.recountDrama(trx, dramaId);
      await writeAudit(trx, actor, { action: 'episode.free-count', targetType: 'drama', targetId: dramaId, before: { count: before }, after: { count } });
    });
    this.onChange();
    return this.list(dramaId);
  }

  /** A new file for an episode: it keeps playing the old one until the new one is ready. */
  async replaceFile(actor: Actor, episodeId: number, uploadId: string): Promise<ConsoleEpisode> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const episode = await queries.findEpisode(trx, episodeId);
      if (!episode) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
      await this.usableUploads(trx, [uploadId]);
      const job = await queries.insertJob(trx, episodeId, uploadId);
      if (episode.media_status === 'failed') {
        await queries.setMediaStatus(trx, episodeId, 'pending');
      }
      await this.queue(trx, job.id);
      await writeAudit(trx, actor, {
        action: 'episode.replace-file',
        targetType: 'episode',
        targetId: episodeId,
        before: { mediaKey: episode.media_key },
        after: { uploadId, mediaJobId: job.id },
      });
    });
    return this.get(episodeId);
  }

  async setStatus(actor: Actor, episodeId: number, status: 'published' | 'unpublished'): Promise<ConsoleEpisode> {
    await transactionWithNotices(this.ctx, async (trx) => {
      const episode = await queries.findEpisode(trx, episodeId);
      if (!episode) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
      await queries.updateEpisode(trx, episodeId, { status });
      await queries.recountDrama(trx, episode.drama_id);
      await writeAudit(trx, actor, {
        action: 'episode.status',
        targetType: 'episode',
        targetId: episodeId,
        before: { status: episode.status },
        after: { status },
      });
      // Members who favourited the drama hear of an episode they can now watch (one whose media is still processing: when it is ready).
      if (status === 'published') await noticesOf(this.ctx)?.newEpisode(trx, episodeId);
    });
    this.onChange();
    return this.get(episodeId);
  }

  async putSubtitle(actor: Actor, episodeId: number, language: ConsoleSubtitleLanguage, content: string): Promise<ConsoleEpisode> {
    let vtt: string;
    try {
      vtt = toWebVtt(content);
    } catch (error) {
      if (!(error instanceof SubtitleFormatError)) throw error;
      throw new AppError('VALIDATION_FAILED', error.message, { issues: [{ path: 'content', message: error.message }] });
    }
    if (!(await queries.findEpisode(this.ctx.db, episodeId))) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
    const key = storedLayout.subtitle(episodeId, language);
    await this.ctx.storage.put(key, Buffer.from(vtt, 'utf8'), { contentType: 'text/vtt; charset=utf-8' });
    await this.ctx.db.transaction().execute(async (trx) => {
      await queries.upsertSubtitle(trx, episodeId, language, key);
      await writeAudit(trx, actor, { action: 'episode.subtitle.upload', targetType: 'episode', targetId: episodeId, after: { language, bytes: Buffer.byteLength(vtt) } });
    });
    // Viewers' drama detail lists each episode's subtitle languages.
    this.onChange();
    return this.get(episodeId);
  }

  async deleteSubtitle(actor: Actor, episodeId: number, language: ConsoleSubtitleLanguage): Promise<ConsoleEpisode> {
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await queries.findEpisode(trx, episodeId))) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
      if (!(await queries.deleteSubtitle(trx, episodeId, language))) throw new AppError('NOT_FOUND', `Episode ${episodeId} has no ${language} subtitles`);
      await writeAudit(trx, actor, { action: 'episode.subtitle.delete', targetType: 'episode', targetId: episodeId, before: { language } });
    });
    await this.ctx.storage.delete(storedLayout.subtitle(episodeId, language));
    this.onChange();
    return this.get(episodeId);
  }

  /**
   * Removes an episode viewers cannot see (a draft, an unpublished one, one still processing or
   * whose processing failed); the episodes after it move up one, and its stored media and
   * subtitles go. A job still running for it finds no episode and changes nothing.
   */
  async deleteEpisode(actor: Actor, episodeId: number): Promise<{ items: ConsoleEpisode[]; freeEpisodeCount: number }> {
    const removed = await this.ctx.db.transaction().execute(async (trx) => {
      const episode = await queries.findEpisode(trx, episodeId);
      if (!episode) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
      if (episode.status === 'published' && episode.media_status === 'ready') {
        throw new AppError('CONFLICT', 'Viewers see this episode: unpublish it before deleting it');
      }
      const jobs = await queries.jobsOfEpisode(trx, episodeId);
      const subtitles = await queries.findSubtitleLanguages(trx, [episodeId]);
      const free = (await queries.findEpisodes(trx, episode.drama_id)).filter((row) => row.is_free).length;
      await queries.deleteEpisode(trx, episodeId);
      const rest = (await queries.findEpisodes(trx, episode.drama_id)).map((row) => row.id);
      await queries.renumber(trx, episode.drama_id, rest);
      await queries.applyFreeCount(trx, episode.drama_id, Math.min(free, rest.length));
      await queries.recountDrama(trx, episode.drama_id);
      await writeAudit(trx, actor, {
        action: 'episode.delete',
        targetType: 'episode',
        targetId: episodeId,
        before: { dramaId: episode.drama_id, sequence: episode.sequence, status: episode.status, mediaStatus: episode.media_status },
      });
      return { episode, jobs, subtitles };
    });
    // The files go after the rows: a failure here leaves unreferenced objects, never a broken episode.
    const { episode, jobs, subtitles } = removed;
    if (isStoredMediaKey(episode.media_key)) await removeMedia(this.ctx, episode.media_key);
    for (const job of jobs) {
      await removeMedia(this.ctx, storedLayout.key(job.id));
      await this.ctx.storage.delete(storedLayout.upload(job.upload_id)).catch(() => undefined);
    }
    for (const subtitle of subtitles) await this.ctx.storage.delete(storedLayout.subtitle(episodeId, subtitle.language)).catch(() => undefined);
    this.onChange();
    return this.list(episode.drama_id);
  }

  async jobs(query: MediaJobListQuery): Promise<Paged<MediaJob>> {
    const { rows, total } = await queries.listJobs(this.ctx.db, { state: query.state, dramaId: query.dramaId, episodeId: query.episodeId, ...pageWindow(query) });
    return pageOf(query, rows.map(presentJob), total);
  }

  async job(jobId: number): Promise<MediaJob> {
    const row = await queries.findJob(this.ctx.db, jobId);
    if (!row) throw new AppError('NOT_FOUND', `Job ${jobId} not found`);
    return presentJob(row);
  }

  /** A failed job runs again from the start, with its tries counted afresh. */
  async retry(actor: Actor, jobId: number): Promise<MediaJob> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const job = await queries.findJob(trx, jobId);
      if (!job) throw new AppError('NOT_FOUND', `Job ${jobId} not found`);
      if (job.state !== 'failed') throw new AppError('CONFLICT', `Job ${jobId} is ${job.state}; only a failed job can be retried`);
      await queries.updateJob(trx, jobId, { state: 'queued', attempts: 0, progress: 0, failure_reason: null, finished_at: null, updated_at: new Date() });
      await queries.setMediaStatus(trx, job.episode_id, 'pending', 'failed');
      await this.queue(trx, jobId);
      await writeAudit(trx, actor, { action: 'media-job.retry', targetType: 'media_job', targetId: jobId, before: { state: job.state, failureReason: job.failure_reason } });
    });
    return this.job(jobId);
  }

  /** Where an episode's processed MP4 is in the storage, for the console's preview. */
  async previewKey(episodeId: number): Promise<string> {
    const episode = await queries.findEpisode(this.ctx.db, episodeId);
    if (!episode || !isStoredMediaKey(episode.media_key)) throw new AppError('NOT_FOUND', `Episode ${episodeId} has no processed media`);
    return storedLayout.video(episode.media_key);
  }

  /** The poster of an episode's processed media, for the console (viewers' covers are the drama's). */
  async poster(episodeId: number): Promise<{ stream: Readable; size: number }> {
    const episode = await queries.findEpisode(this.ctx.db, episodeId);
    const info = episode?.poster_key ? await this.ctx.storage.head(episode.poster_key) : null;
    if (!episode?.poster_key || !info) throw new AppError('NOT_FOUND', `Episode ${episodeId} has no poster`);
    return { stream: await this.ctx.storage.get(episode.poster_key), size: info.size };
  }
}

