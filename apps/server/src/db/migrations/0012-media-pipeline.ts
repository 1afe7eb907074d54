import PgBoss from 'pg-boss';

/** The schema of the job queue's tables (platform/jobs reads it from here). */
export const JOB_SCHEMA = 'pgboss';

/**
 * The media pipeline: uploaded episodes, their background processing and the queue's heartbeats.
 *
 * An episode is shown to viewers only when `status = 'published'` and `media_status = 'ready'`,
 * so a new upload that is still transcoding, or failed, is never half-published. The demo
 * catalogue's episodes keep both defaults (published, ready, media in MEDIA_DIR). A replaced file
 * keeps the episode on its old media until the new one is ready; then media_key moves over in
 * one update. media_source says where media_key lives: MEDIA_DIR (bundled) or the storage.
 *
 * media_uploads are finished resumable uploads waiting in the storage (uploads/<id>);
 * media_jobs the processing of one upload for one episode, with its progress and failure.
 * job_heartbeats: a running job beats here, so that one whose server died is retried at once.
 *
 * The job queue's own tables (schema pgboss) are made here too, by the script pg-boss gives for
 * its installed version without its BEGIN and COMMIT (the migration is a transaction already):
 * made at start-up instead, they would cost every start of a new database seconds on PGlite.
 * pg-boss upgrades them itself when a newer version starts.
 */
export const statements = [
  `alter table episodes add column status text not null default 'published'
    check (status in ('draft', 'published', 'unpublished'))`,
  `alter table episodes add column media_status text not null default 'ready'
    check (media_status in ('pending', 'ready', 'failed'))`,
  `alter table episodes add column media_source text not null default 'bundled'
    check (media_source in ('bundled', 'storage'))`,
  `alter table episodes add column poster_key text`,
  `alter table episodes add column updated_at timestamptz not null default now()`,
  `create table media_uploads (
    id text primary key,
    operator_id integer,
    file_name text not null,
    content_type text not null,
    size bigint not null check (size >= 0),
    storage_key text not null,
    created_at timestamptz not null default now()
  )`,
  `create table media_jobs (
    id serial primary key,
    episode_id integer not null references episodes(id) on delete cascade,
    upload_id text not null,
    state text not null default 'queued' check (state in ('queued', 'running', 'succeeded', 'failed')),
    progress integer not null default 0 check (progress between 0 and 100),
    attempts integer not null default 0,
    failure_reason text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create index media_jobs_episode_idx on media_jobs (episode_id, id desc)`,
  `create index media_jobs_state_idx on media_jobs (state, id desc)`,
  `create table episode_subtitles (
    episode_id integer not null references episodes(id) on delete cascade,
    language text not null check (language in ('zh', 'zh-Hant', 'en')),
    storage_key text not null,
    updated_at timestamptz not null default now(),
    primary key (episode_id, language)
  )`,
  `create table job_heartbeats (
    job_id text primary key,
    queue text not null,
    beat_at timestamptz not null default now()
  )`,
  PgBoss.getConstructionPlans(JOB_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, ''),
];
