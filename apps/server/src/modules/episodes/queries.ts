import { type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, EpisodeMediaStatus, EpisodeSubtitlesTable, EpisodesTable, MediaJobsTable } from '../../db/schema.js';
import { withTotal } from '../../platform/paging.js';

type Executor = Db | Transaction<Database>;

export const EPISODE_COLUMNS = [
  'e.id',
  'e.drama_id',
  'e.sequence',
  'e.is_free',
  'e.status',
  'e.media_status',
  'e.media_source',
  'e.media_key',
  'e.poster_key',
  'e.duration_seconds',
  'e.updated_at',
] as const;

export const JOB_COLUMNS = [
  'j.id',
  'j.episode_id',
  'j.upload_id',
  'j.state',
  'j.progress',
  'j.attempts',
  'j.failure_reason',
  'j.created_at',
  'j.updated_at',
  'j.finished_at',
  'e.drama_id',
  'e.sequence',
  'u.file_name',
] as const;

export async function findDrama(db: Executor, dramaId: number) {
  return db.selectFrom('dramas').select(['id']).where('id', '=', dramaId).executeTakeFirst();
}

export async function findEpisodes(db: Executor, dramaId: number) {
  return db.selectFrom('episodes as e').select(EPISODE_COLUMNS).where('e.drama_id', '=', dramaId).orderBy('e.sequence').execute();
}

export async function findEpisode(db: Executor, episodeId: number) {
  return db.selectFrom('episodes as e').select(EPISODE_COLUMNS).where('e.id', '=', episodeId).executeTakeFirst();
}

/** The latest job of each of these episodes. */
export async function findLatestJobs(db: Executor, episodeIds: number[]) {
  if (episodeIds.length === 0) return [];
  return db
    .selectFrom('media_jobs as j')
    .innerJoin('episodes as e', 'e.id', 'j.episode_id')
    .leftJoin('media_uploads as u', 'u.id', 'j.upload_id')
    .distinctOn('j.episode_id')
    .select(JOB_COLUMNS)
    .where('j.episode_id', 'in', episodeIds)
    .orderBy('j.episode_id')
    .orderBy('j.id', 'desc')
    .execute();
}

export async function findSubtitleLanguages(db: Executor, episodeIds: number[]) {
  if (episodeIds.length === 0) return [];
  return db.selectFrom('episode_subtitles').select(['episode_id', 'language']).where('episode_id', 'in', episodeIds).execute();
}

export async function findJob(db: Executor, jobId: number) {
  return db
    .selectFrom('media_jobs as j')
    .innerJoin('episodes as e', 'e.id', 'j.episode_id')
    .leftJoin('media_uploads as u', 'u.id', 'j.upload_id')
    .select(JOB_COLUMNS)
    .where('j.id', '=', jobId)
    .executeTakeFirst();
}

export async function listJobs(
  db: Executor,
  filter: { state?: string | undefined; dramaId?: number | undefined; episodeId?: number | undefined; offset: number; limit: number },
) {
  let base = db
    .selectFrom('media_jobs as j')
    .innerJoin('episodes as e', 'e.id', 'j.episode_id')
    .leftJoin('media_uploads as u', 'u.id', 'j.upload_id');
  if (filter.state) base = base.where('j.state', '=', filter.state as 'queued');
  if (filter.dramaId) base = base.where('e.drama_id', '=', filter.dramaId);
  if (filter.episodeId) base = base.where('j.episode_id', '=', filter.episodeId);
  return withTotal(base.select(JOB_COLUMNS).orderBy('j.id', 'desc').offset(filter.offset).limit(filter.limit).execute(), base);
}

export async function findUploads(db: Executor, uploadIds: string[]) {
  if (uploadIds.length === 0) return [];
  return db.selectFrom('media_uploads').selectAll().where('id', 'in', uploadIds).execute();
}

/** Uploads already given to an episode: each makes one episode, once. */
export async function findUsedUploads(db: Executor, uploadIds: string[]) {
  if (uploadIds.length === 0) return [];
  return db.selectFrom('media_jobs').select(['upload_id']).where('upload_id', 'in', uploadIds).execute();
}

export async function insertUpload(db: Executor, row: { id: string; operatorId: number | null; fileName: string; contentType: string; size: number; storageKey: string }) {
  await db
    .insertInto('media_uploads')
    .values({ id: row.id, operator_id: row.operatorId, file_name: row.fileName, content_type: row.contentType, size: row.size, storage_key: row.storageKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function maxSequence(db: Executor, dramaId: number): Promise<number> {
  const row = await db
    .selectFrom('episodes')
    .select(sql<number>`coalesce(max(sequence), 0)::int`.as('max'))
    .where('drama_id', '=', dramaId)
    .executeTakeFirst();
  return row?.max ?? 0;
}

export async function insertPendingEpisode(db: Executor, dramaId: number, sequence: number, status: 'draft' | 'published') {
  return db
    .insertInto('episodes')
    .values({ drama_id: dramaId, sequence, is_free: false, duration_seconds: 0, media_key: '', status, media_status: 'pending', media_source: 'storage' })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function insertJob(db: Executor, episodeId: number, uploadId: string) {
  return db.insertInto('media_jobs').values({ episode_id: episodeId, upload_id: uploadId }).returning(['id']).executeTakeFirstOrThrow();
}

/** Sequences are unique per drama: move every row out of the way first, then to its place. */
export async function renumber(db: Executor, dramaId: number, orderedIds: number[]): Promise<void> {
  await db.updateTable('episodes').set({ sequence: sql`sequence + 1000000` }).where('drama_id', '=', dramaId).execute();
  for (const [index, id] of orderedIds.entries()) {
    await db.updateTable('episodes').set({ sequence: index + 1, updated_at: new Date() }).where('id', '=', id).execute();
  }
}

export async function applyFreeCount(db: Executor, dramaId: number, count: number): Promise<void> {
  await db
    .updateTable('episodes')
    .set({ is_free: sql<boolean>`sequence <= ${count}` })
    .where('drama_id', '=', dramaId)
    .execute();
}

/** The drama's counts as viewers see them: published episodes with ready media. */
export async function recountDrama(db: Executor, dramaId: number): Promise<void> {
  await sql`
    update dramas set
      episode_count = (select count(*) from episodes where drama_id = ${dramaId} and status = 'published' and media_status = 'ready'),
      free_episode_count = (select count(*) from episodes where drama_id = ${dramaId} and status = 'published' and media_status = 'ready' and is_free),
      updated_at = now()
    where id = ${dramaId}`.execute(db);
}

type SubtitleLanguage = Selectable<EpisodeSubtitlesTable>['language'];
type JobState = Selectable<MediaJobsTable>['state'];

export async function updateEpisode(db: Executor, episodeId: number, values: Updateable<EpisodesTable>): Promise<void> {
  await db.updateTable('episodes').set({ ...values, updated_at: new Date() }).where('id', '=', episodeId).execute();
}

/** Sets an episode's media status; with `from`, only if it is that now. */
export async function setMediaStatus(db: Executor, episodeId: number, to: EpisodeMediaStatus, from?: EpisodeMediaStatus): Promise<void> {
  let query = db.updateTable('episodes').set({ media_status: to, updated_at: new Date() }).where('id', '=', episodeId);
  if (from !== undefined) query = query.where('media_status', '=', from);
  await query.execute();
}

/** An episode's media key and drama, locked for the rest of the transaction; undefined once deleted. */
export function lockEpisodeMedia(db: Executor, episodeId: number) {
  return db.selectFrom('episodes').select(['media_key', 'drama_id']).where('id', '=', episodeId).forUpdate().executeTakeFirst();
}

export async function deleteEpisode(db: Executor, episodeId: number): Promise<void> {
  await db.deleteFrom('episodes').where('id', '=', episodeId).execute();
}

export async function upsertSubtitle(db: Executor, episodeId: number, language: SubtitleLanguage, storageKey: string): Promise<void> {
  await db
    .insertInto('episode_subtitles')
    .values({ episode_id: episodeId, language, storage_key: storageKey })
    .onConflict((oc) => oc.columns(['episode_id', 'language']).doUpdateSet({ storage_key: storageKey, updated_at: new Date() }))
    .execute();
}

/** Whether the episode had subtitles in that language. */
export async function deleteSubtitle(db: Executor, episodeId: number, language: SubtitleLanguage): Promise<boolean> {
  const removed = await db.deleteFrom('episode_subtitles').where('episode_id', '=', episodeId).where('language', '=', language).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

export function jobsOfEpisode(db: Executor, episodeId: number) {
  return db.selectFrom('media_jobs').select(['id', 'upload_id']).where('episode_id', '=', episodeId).execute();
}

/** The id of the episode's newest media job (the one whose output it should play). */
export async function latestJobId(db: Executor, episodeId: number): Promise<number | null> {
  const row = await db.selectFrom('media_jobs').select((eb) => eb.fn.max('id').as('id')).where('episode_id', '=', episodeId).executeTakeFirst();
  return row?.id ?? null;
}

/** Updates a media job; with `whileState`, only while it is in that state. */
export async function updateJob(db: Executor, jobId: number, values: Updateable<MediaJobsTable>, whileState?: JobState): Promise<void> {
  let query = db.updateTable('media_jobs').set(values).where('id', '=', jobId);
  if (whileState !== undefined) query = query.where('state', '=', whileState);
  await query.execute();
}
