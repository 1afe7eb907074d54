import type { LocalizedText, MALL_ITEM_KINDS, PointsRecordType, RedeemCodeType, TaskType } from '@drama/contracts';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FeedbackStatus, FeedbackType } from '@drama/contracts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: Json<LocalizedText>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface TagsTable {
  id: Generated<number>;
  slug: string;
  name: Json<LocalizedText>;
  created_at: CreatedAt;
}

export interface DramasTable {
  id: Generated<number>;
  slug: string;
  title: Json<LocalizedText>;
  description: Json<LocalizedText>;
  cover_path: string;
  category_id: number | null;
  /** 0013: 'hidden' became 'draft'; scheduled and unlisted came (contracts' DRAMA_STATUSES). */
  status: Generated<'draft' | 'published' | 'scheduled' | 'unlisted'>;
  is_featured: Generated<boolean>;
  featured_rank: number | null;
  is_completed: Generated<boolean>;
  episode_count: Generated<number>;
  free_episode_count: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  favorite_count: Generated<number>;
  hot_score: Generated<number>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DramaTagsTable {
  drama_id: number;
  tag_id: number;
}

export interface EpisodesTable {
  id: Generated<number>;
  drama_id: number;
  sequence: number;
  is_free: boolean;
  duration_seconds: number;
  /** Name of the stored media under MEDIA_DIR/clips, without extension. */
  media_key: string;
  like_count: Generated<number>;
  created_at: CreatedAt;
}

export interface SystemSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  phone: string | null;
  email: string | null;
  password_hash: string;
  avatar: string | null;
  points: Generated<number>;
  vip_level: Generated<number>;
  vip_expire_time: Date | null;
  status: Generated<number>;
  token_version: Generated<number>;
  /** Wrong passwords in a row (0003); the fifth sets locked_until. */
  failed_sign_ins: Generated<number>;
  locked_until: Date | null;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'phone';
  target: string;
  purpose: 'reset' | 'bind';
  /** The member a bind code was sent for; null for a reset code. */
  user_id: number | null;
  /** HMAC-SHA256 of the code under a server key (never the code itself). */
  code_hash: string;
  failed_attempts: Generated<number>;
  expires_at: Date;
  /** Set when the code is used, replaced by a newer one, or guessed wrong too often. */
  consumed_at: Date | null;
  /** Written by the service's clock, like expires_at; tests move it back to simulate time. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'phone';
  target: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

export interface SignInRecordsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'sign-up' | 'sign-in';
  /** The address the client reported in the body. */
  ip: string | null;
  /** The address the server saw (behind a proxy only with TRUST_PROXY). */
  remote_ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export interface Database {
  categories: CategoriesTable;
  tags: TagsTable;
  dramas: DramasTable;
  drama_tags: DramaTagsTable;
  episodes: EpisodesTable;
  system_settings: SystemSettingsTable;
  users: UsersTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  sign_in_records: SignInRecordsTable;
}

export type DramaRow = Selectable<DramasTable>;
export type EpisodeRow = Selectable<EpisodesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/* Engagement (0004): likes, favourites, watch records. Declared by merging into the interfaces above. */

export interface EpisodesTable {
  /** Guests' likes (0004); like_count is the total: members' rows plus these. */
  anonymous_like_count: Generated<number>;
}

export interface EpisodeLikesTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  created_at: CreatedAt;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  drama_id: number;
  created_at: CreatedAt;
}

export interface WatchRecordsTable {
  id: Generated<number>;
  user_id: number;
  drama_id: number;
  episode_id: number;
  progress_seconds: Generated<number>;
  /** When the member last watched: orders the history; the later side of a merge wins. */
  watched_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** When this record last added to dramas.view_count (at most once a day). */
  view_counted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export interface Database {
  episode_likes: EpisodeLikesTable;
  favorites: FavoritesTable;
  watch_records: WatchRecordsTable;
}

/* Membership and payments (0006): plans, orders, channel notifications, the sandbox's own record. */

export interface MembershipPlansTable {
  id: Generated<number>;
  code: 'week' | 'month' | 'quarter' | 'year';
  name: Json<LocalizedText>;
  days: number;
  price_fen: number;
  original_price_fen: number | null;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  plan_id: number;
  channel: 'alipay' | 'wechat';
  channel_mode: 'live' | 'sandbox';
  amount_fen: number;
  days: number;
  /** pending, success, failed, cancelled; anything else is shown as unknown. */
  status: ColumnType<string, string | undefined, string>;
  failure_code: string | null;
  failure_reason: string | null;
  qr_content: string | null;
  channel_trade_no: string | null;
  review_flag: 'late_payment' | 'amount_mismatch' | null;
  expires_at: Date;
  paid_at: Date | null;
  closed_at: Date | null;
  last_queried_at: Date | null;
  /** Written by the service's clock, like expires_at. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: UpdatedAt;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  channel: 'alipay' | 'wechat' | 'sandbox';
  /** A channel's notification, or its answer to our query (reconciliation, a member's poll). */
  source: 'notify' | 'query';
  order_no: string | null;
  order_id: number | null;
  channel_trade_no: string | null;
  amount_fen: number | null;
  outcome: 'paid' | 'failed' | 'closed' | 'pending' | null;
  verified: boolean;
  flag: 'applied' | 'duplicate' | 'late' | 'amount_mismatch' | 'unknown_order' | 'signature_invalid' | 'ignored';
  detail: string | null;
  raw: string;
  /** The channel's signature headers, for the record. */
  headers: ColumnType<Record<string, string> | null, string | null, string | null>;
  created_at: CreatedAt;
}

export interface SandboxPaymentsTable {
  order_no: string;
  trade_no: string;
  result: 'paid' | 'failed' | 'closed';
  amount_fen: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface Database {
  membership_plans: MembershipPlansTable;
  orders: OrdersTable;
  payment_notifications: PaymentNotificationsTable;
  sandbox_payments: SandboxPaymentsTable;
}

export type PlanRow = Selectable<MembershipPlansTable>;
export type OrderRow = Selectable<OrdersTable>;

/* Points, tasks, the points mall and redeem codes (0007). */

export interface UsersTable {
  /** Made when the member first asks for it (the tasks page); unique. */
  invite_code: string | null;
  /** Whose invite code the member signed up with. */
  invited_by: number | null;
}

type ClockTime = ColumnType<Date, Date | string, Date | string>;

export interface PointsRecordsTable {
  id: Generated<number>;
  user_id: number;
  type: PointsRecordType;
  amount: number;
  balance_after: number;
  note: string | null;
  reference: string | null;
  /** Written by the service's clock: "today" of the summary is read from it. */
  created_at: ClockTime;
}

export interface TaskClaimsTable {
  id: Generated<number>;
  user_id: number;
  task_type: TaskType;
  /** The APP_TIMEZONE day (YYYY-MM-DD) of a daily task, 'once' for a newbie task. */
  period: string;
  streak: number | null;
  points: number;
  record_id: number | null;
  claimed_at: ClockTime;
}

export interface TaskProgressTable {
  user_id: number;
  task_type: TaskType;
  period: string;
  progress: number;
  updated_at: ClockTime;
}

export interface MallItemsTable {
  id: Generated<number>;
  slug: string;
  kind: (typeof MALL_ITEM_KINDS)[number];
  name: Json<LocalizedText>;
  description: Json<LocalizedText>;
  cost_points: number;
  value: number;
  stock: number | null;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RedeemCodesTable {
  id: Generated<number>;
  code: string;
  type: RedeemCodeType;
  value: number;
  expires_at: Date | null;
  used_by: number | null;
  used_at: Date | null;
  created_at: CreatedAt;
  batch_id: number;
  revoked_at: Date | null;
}

/** A campaign: one batch of codes (0019). */
export interface RedeemBatchesTable {
  id: Generated<number>;
  name: string | null;
  type: RedeemCodeType;
  value: number;
  count: number;
  expires_at: Date | null;
  created_by: number | null;
  created_by_name: Generated<string>;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

/** The points of each task with one reward (0020). */
export interface TaskRewardsTable {
  task_type: TaskType;
  points: number;
  updated_at: UpdatedAt;
}

/** The check-in's points by day of the streak, 1 to 7 (0020). */
export interface CheckInRewardsTable {
  day: number;
  points: number;
  updated_at: UpdatedAt;
}

export interface RedeemFailuresTable {
  id: Generated<number>;
  user_id: number | null;
  ip: string | null;
  created_at: ClockTime;
}

export interface Database {
  points_records: PointsRecordsTable;
  task_claims: TaskClaimsTable;
  task_progress: TaskProgressTable;
  mall_items: MallItemsTable;
  redeem_codes: RedeemCodesTable;
  redeem_batches: RedeemBatchesTable;
  redeem_failures: RedeemFailuresTable;
  task_rewards: TaskRewardsTable;
  check_in_rewards: CheckInRewardsTable;
}

export type PointsRecordRow = Selectable<PointsRecordsTable>;
export type MallItemRow = Selectable<MallItemsTable>;
export type RedeemCodeRow = Selectable<RedeemCodesTable>;

/* Discovery (0005): normalised search texts, popularity and the explore score, hot searches. */

/** Derived columns: written by triggers or by the search index, never by hand. */
type Derived<T> = ColumnType<T, T | undefined, T>;

export interface DramasTable {
  /** Normalised texts (modules/search/normalize.ts) of all three locales, per field. */
  search_title: Derived<string>;
  search_description: Derived<string>;
  search_tags: Derived<string>;
  /** The non-ASCII characters of those texts and pairs of adjacent ones (short CJK keywords). */
  search_grams: Derived<string[]>;
  /** search_title, search_description and search_tags joined (a generated column). */
  search_text: ColumnType<string, never, never>;
  /** Bumped by triggers whenever a normalised text would change; stale while it differs from the next. */
  search_revision: Derived<number>;
  search_indexed_revision: Derived<number>;
  /** log10(1 + hot_score) + published_at / 45000 (a trigger keeps it). */
  explore_score: Derived<number>;
  /** When explore_score last went down. */
  explore_dropped_at: Derived<Date | null>;
  /** The transaction that last changed the drama or one of its episodes (0030, a trigger keeps it). */
  change_xid: Derived<string>;
}

/* Dramas deleted outright (0030), read by the in-memory index like changes. */

export interface DramaRemovalsTable {
  drama_id: number;
  change_xid: ColumnType<string, never, never>;
  removed_at: ColumnType<Date, never, never>;
}

export interface Database {
  drama_removals: DramaRemovalsTable;
}

/* Hot searches as demand (0009); 0005's raw counts are dropped. */

export interface SearchDemandTable {
  /** Normalised: the key that merges spellings. */
  keyword: string;
  /** The APP_TIMEZONE calendar day, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  /** 'm:<member id>' or 'g:<keyed hash of the address>'. */
  searcher: string;
  /** The keyed hash of the searcher's address (for members too), never the address. */
  address: string;
  /** The keyword as typed, for showing. */
  display: string;
}

export interface SearchBlockedTermsTable {
  /** Normalised. */
  keyword: string;
  /** As the operator typed it. */
  term: string;
  blocked_at: CreatedAt;
}

export interface Database {
  search_demand: SearchDemandTable;
  search_blocked_terms: SearchBlockedTermsTable;
}

/* Feedback, uploads and web vitals (0008). */

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  /** The random name the file is stored and served by. */
  file_name: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  size: number;
  width: number | null;
  height: number | null;
  created_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type: FeedbackType;
  content: string;
  contact: string | null;
  status: ColumnType<FeedbackStatus, FeedbackStatus | undefined, FeedbackStatus>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FeedbackScreenshotsTable {
  feedback_id: number;
  upload_id: number;
  position: number;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: number;
  author: 'support' | 'user';
  content: string;
  created_at: CreatedAt;
}

export interface WebVitalsTable {
  /** bigint: read back as a string, and never needed by the app. */
  id: Generated<string>;
  name: string;
  value: number;
  rating: string;
  path: string;
  navigation_type: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | 'bot' | 'unknown';
  created_at: CreatedAt;
}

export interface Database {
  uploads: UploadsTable;
  feedback: FeedbackTable;
  feedback_screenshots: FeedbackScreenshotsTable;
  feedback_replies: FeedbackRepliesTable;
  web_vitals: WebVitalsTable;
}

export type UploadRow = Selectable<UploadsTable>;

/* Profile editing and the Follow us target (0010). */

export interface UsersTable {
  /** The name the member shows; null until they pick one. */
  nickname: string | null;
  /** The stored name of an uploaded avatar (<sha-256>.webp); set only by the upload. */
  avatar_file: string | null;
}

export interface FollowOpensTable {
  user_id: number;
  /** The address that was opened. */
  target: string;
  opened_at: ClockTime;
}

export interface Database {
  follow_opens: FollowOpensTable;
}
export type FeedbackRow = Selectable<FeedbackTable>;

/* The operators' console (0011): operators, their sessions and API tokens, the audit log. */

export type OperatorRoleColumn = 'owner' | 'content' | 'support' | 'finance';

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  /** Null until the operator has chosen a password through the set-up link. */
  password_hash: string | null;
  role: OperatorRoleColumn;
  status: Generated<'active' | 'disabled'>;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  /** The time step of the last code accepted: a code is good once (spent by a conditional update). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  setup_token_hash: string | null;
  setup_expires_at: Date | null;
  /** Raised to end every session of the operator (disabled, password changed, 2FA reset). */
  session_version: Generated<number>;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  csrf_token: string;
  session_version: number;
  totp_setup_only: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Date;
}

export interface OperatorApiTokensTable {
  id: Generated<number>;
  operator_id: number;
  name: string;
  role: OperatorRoleColumn;
  token_hash: string;
  prefix: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  operator_id: number | null;
  username: string;
  role: OperatorRoleColumn;
  via: 'session' | 'token' | 'bootstrap' | 'schedule';
  action: string;
  target_type: string;
  target_id: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  ip: string | null;
  created_at: CreatedAt;
}

export interface ConsoleSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: UpdatedAt;
}

export interface Database {
  console_settings: ConsoleSettingsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_api_tokens: OperatorApiTokensTable;
  audit_log: AuditLogTable;
}

/* The media pipeline (0012): episodes' publishing and media state, uploads, processing jobs, subtitles. */

export type EpisodeStatus = 'draft' | 'published' | 'unpublished';
export type EpisodeMediaStatus = 'pending' | 'ready' | 'failed';

export interface EpisodesTable {
  /** Viewers see an episode only when published and its media is ready. */
  status: Generated<EpisodeStatus>;
  media_status: Generated<EpisodeMediaStatus>;
  /** Where media_key lives: MEDIA_DIR (the demo's clips) or the storage (uploads). */
  media_source: Generated<'bundled' | 'storage'>;
  poster_key: string | null;
  updated_at: Generated<Date>;
}

export interface MediaUploadsTable {
  id: string;
  operator_id: number | null;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: CreatedAt;
}

export interface MediaJobsTable {
  id: Generated<number>;
  episode_id: number;
  upload_id: string;
  state: Generated<'queued' | 'running' | 'succeeded' | 'failed'>;
  progress: Generated<number>;
  attempts: Generated<number>;
  failure_reason: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

export interface EpisodeSubtitlesTable {
  episode_id: number;
  language: 'zh' | 'zh-Hant' | 'en';
  storage_key: string;
  updated_at: Generated<Date>;
}

export interface JobHeartbeatsTable {
  job_id: string;
  queue: string;
  beat_at: Generated<Date>;
}

export interface Database {
  media_uploads: MediaUploadsTable;
  media_jobs: MediaJobsTable;
  episode_subtitles: EpisodeSubtitlesTable;
  job_heartbeats: JobHeartbeatsTable;
}

/* The console's feedback inbox (0014). */

export interface FeedbackTable {
  /** The operator the item is assigned to; null when nobody is. */
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/* Members' switches (0024): a row only once a switch is turned off; no row means all on. */

export interface MemberSettingsTable {
  user_id: number;
  notify_updates: Generated<boolean>;
  notify_messages: Generated<boolean>;
  record_history: Generated<boolean>;
  personalised: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface Database {
  member_settings: MemberSettingsTable;
}

/* Members' notices (0025): a kind code and its values, read or not. */

export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  data: Json<Record<string, string | number>>;
  dedupe_key: string | null;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface Database {
  notices: NoticesTable;
}

/* Members' Web Push subscriptions (0026): one row per device. */

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  created_at: CreatedAt;
  last_success_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  push_subscriptions: PushSubscriptionsTable;
}

/* "For you" (0027): co-watched dramas and members' ranked dramas, both written by the recommendations job. */

export interface DramaCoWatchTable {
  drama_id: number;
  other_drama_id: number;
  members: number;
  share: number;
  rank: number;
  computed_at: CreatedAt;
}

export interface MemberRecommendationsTable {
  user_id: number;
  drama_id: number;
  score: number;
  rank: number;
  because_drama_id: number | null;
  computed_at: CreatedAt;
}

export interface Database {
  drama_co_watch: DramaCoWatchTable;
  member_recommendations: MemberRecommendationsTable;
}
