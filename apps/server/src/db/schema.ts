import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';
import type {
  ApplicantKind,
  ApplicationStatus,
  ApplicationType,
  ChannelStatus,
  ChannelType,
  ContentKind,
  ContentStatus,
  InvitationStatus,
  LiveServiceStatus,
  LiveStatus,
  MemberRole,
  NoticeCategory,
  NotificationGroup,
  ProcessingStatus,
  ShortsStatus,
} from '@studio/contract/enums';
import type { ApplicationDraft } from '@studio/contract/application';
import type { ProfileField } from '@studio/contract/channel-profile';
import type { ContentImage, ReservationVisibility } from '@studio/contract/content';
import type { LinkKind } from '@studio/contract/links';
import type { ReplayState, ReplayTrimState } from '@studio/contract/live';
import type { StudioLanguage } from '@studio/contract/user';
import type { ViewKind } from '@studio/contract/views';
import type { ActivityAction } from '@studio/contract/member';
import type { NotificationParams, NotificationType } from '@studio/contract/notification';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

// bigint ids arrive as numbers (see the int8 type parser in database.ts).
export type Database = {
  loops: {
    id: string;
    channel_id: number;
    user_id: number;
    total_bytes: number;
    uploaded_bytes: Generated<number>;
    status: ProcessingStatus | null;
    progress: Generated<number>;
    error_code: string | null;
    attempts: Generated<number>;
    duration_seconds: number | null;
    width: number | null;
    height: number | null;
    video_name: string | null;
    thumbnail_names: Generated<string[]>;
    thumbnail_index: number | null;
    content_id: number | null;
    lease_token: string | null;
    lease_until: NullableTimestamp;
    file_name: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  'account.accounts': {
    id: Generated<number>;
    login: string;
    password_hash: string;
    name: string;
    email: string | null;
    profile_image_url: string | null;
    failed_logins: Generated<number>;
    locked_until: NullableTimestamp;
    created_at: Timestamp;
  };
  'account.oidc_payloads': {
    model: string;
    id: string;
    payload: Json<Record<string, unknown>>;
    grant_id: string | null;
    user_code: string | null;
    uid: string | null;
    expires_at: NullableTimestamp;
    consumed_at: NullableTimestamp;
  };
  'account.secrets': {
    name: string;
    value: Json<unknown>;
    created_at: Timestamp;
  };
  'account.web_sessions': {
    id: string;
    account_id: number;
    expires_at: Timestamp;
  };
  users: {
    id: Generated<number>;
    issuer: string;
    subject: string;
    login: string;
    name: string;
    profile_image_url: string | null;
    is_operator: Generated<boolean>;
    created_at: Timestamp;
    /** The studio language the person chose (migration 0039); null until they choose one. */
    language: Generated<StudioLanguage | null>;
  };
  sessions: {
    id: string;
    user_id: number;
    id_token: string | null;
    created_at: Timestamp;
    expires_at: Timestamp;
    last_seen_at: Timestamp;
    /** What the session is named by outside the server (migration 0030); its key is the token's hash. */
    public_id: Generated<number>;
    /** Read from the user agent at sign-in and at the last use (lib/user-agent.ts); null when not recognised. */
    browser: string | null;
    os: string | null;
    address: string | null;
  };
  /** Sessions their owner signed out from another device, kept until they would have expired (migration 0030). */
  sessions_signed_out: {
    id: string;
    user_id: number;
    signed_out_at: Timestamp;
    expires_at: Timestamp;
  };
  /** Notification groups a person switched off (migration 0030); no row: the group is on. */
  notification_mutes: {
    user_id: number;
    notification_group: NotificationGroup;
    muted_at: Timestamp;
  };
  auth_requests: {
    state: string;
    code_verifier: string;
    nonce: string;
    continue_url: string;
    created_at: Timestamp;
  };
  channels: {
    id: Generated<number>;
    name: string;
    channel_type: ChannelType;
    status: Generated<ChannelStatus>;
    shorts_status: Generated<ShortsStatus>;
    live_status: Generated<LiveServiceStatus>;
    profile_image_url: string | null;
    use_mainnews: Generated<boolean>;
    use_document_write: Generated<boolean>;
    use_post_write: Generated<boolean>;
    labels: ColumnType<{ code: string; name: string }[], string | undefined, string>;
    show_subscriber_count: Generated<boolean>;
    subscriber_count: Generated<number>;
    /** Migration 0024 (issue 25): the profile the owner edits. */
    description: Generated<string>;
    banner_image_url: string | null;
    links: ColumnType<{ url: string }[], string | undefined, string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  channel_members: {
    channel_id: number;
    user_id: number;
    role: MemberRole;
    created_at: Timestamp;
  };
  channel_applications: {
    id: Generated<number>;
    applicant_user_id: number;
    channel_id: number | null;
    channel_name: string;
    channel_type: ChannelType;
    applicant_kind: ApplicantKind;
    apply_type: ApplicationType;
    status: Generated<ApplicationStatus>;
    reject_reason: string | null;
    created_at: Timestamp;
    reviewed_at: NullableTimestamp;
    description: Generated<string>;
    profile_image_url: string | null;
    contact_email: string | null;
    links: ColumnType<{ url: string }[], string | undefined, string>;
    revenue: Generated<string>;
    terms_agreed_at: NullableTimestamp;
    reviewer_user_id: number | null;
  };
  channel_application_events: {
    id: Generated<number>;
    application_id: number;
    status: ApplicationStatus;
    actor_user_id: number | null;
    reason: string | null;
    created_at: Timestamp;
  };
  channel_application_drafts: {
    user_id: number;
    data: Json<ApplicationDraft>;
    updated_at: Timestamp;
  };
  channel_invites: {
    id: Generated<number>;
    channel_id: number;
    invitee_user_id: number;
    inviter_user_id: number | null;
    role: MemberRole;
    status: Generated<InvitationStatus>;
    created_at: Timestamp;
    expires_at: NullableTimestamp;
    responded_at: NullableTimestamp;
    declined_automatically: Generated<boolean>;
  };
  channel_transfers: {
    id: Generated<number>;
    channel_id: number;
    from_user_id: number;
    to_user_id: number;
    status: Generated<InvitationStatus>;
    created_at: Timestamp;
    expires_at: Timestamp;
    responded_at: NullableTimestamp;
    declined_automatically: Generated<boolean>;
  };
  contents: {
    id: Generated<number>;
    channel_id: number;
    author_user_id: number | null;
    kind: ContentKind;
    status: ContentStatus;
    title: Generated<string>;
    body: Generated<string>;
    thumbnail_url: string | null;
    view_count: Generated<number>;
    created_at: Timestamp;
    updated_at: Timestamp;
    version: Generated<number>;
    reserved_at: NullableTimestamp;
    reservation_visibility: ReservationVisibility | null;
    published_at: NullableTimestamp;
    cover_image: ColumnType<ContentImage | null, string | null | undefined, string | null>;
    images: ColumnType<ContentImage[], string | undefined, string>;
    link_url: string | null;
    link_kind: LinkKind | null;
    video_url: string | null;
    duration_seconds: number | null;
    /** A LIVE content's live: the replay of that broadcast (migration 0026). */
    live_id: Generated<number | null>;
  };
  content_images: {
    id: Generated<number>;
    channel_id: number;
    uploaded_by: number | null;
    url: string;
    width: number;
    height: number;
    created_at: Timestamp;
  };
  /** Which content shows which uploaded image (migration 0044): kept by every save, read by a delete. */
  content_image_uses: {
    content_id: number;
    image_id: number;
  };
  channel_activity: {
    id: Generated<number>;
    channel_id: number;
    action: ActivityAction;
    actor_user_id: number | null;
    target_user_id: number | null;
    role: MemberRole | null;
    /** Migration 0024: PROFILE_CHANGED names the parts it changed. */
    details: ColumnType<{ fields: ProfileField[] } | null, string | null | undefined, string | null>;
    created_at: Timestamp;
  };
  /** Counters kept by triggers in the transaction of each change (migration 0005), read instead of COUNT(*). */
  user_counters: {
    user_id: number;
    unread_notifications: Generated<number>;
    /** Migration 0006: every notification of the person, and those from the operator (no channel). */
    total_notifications: Generated<number>;
    operator_notifications: Generated<number>;
  };
  notifications: {
    id: Generated<number>;
    user_id: number;
    channel_id: number | null;
    type: NotificationType;
    params: ColumnType<NotificationParams, string | undefined, string>;
    message: string;
    image_url: string | null;
    landing_url: string | null;
    read_at: NullableTimestamp;
    created_at: Timestamp;
  };
  notices: {
    id: Generated<number>;
    category: NoticeCategory;
    title: string;
    body: string;
    published_at: Timestamp;
  };
  user_visits: {
    id: Generated<number>;
    user_id: number;
    path: string | null;
    user_agent: string | null;
    visited_at: Timestamp;
  };
  /** Operator actions (migration 0008); written only through modules/operator/audit-repository.ts. */
  operator_audit: {
    id: Generated<number>;
    operator_id: number | null;
    action: string;
    object_type: string;
    object_id: string;
    before: ColumnType<unknown, string | null, string | null>;
    after: ColumnType<unknown, string | null, string | null>;
    at: Timestamp;
  };
  operator_broadcasts: {
    id: Generated<number>;
    operator_id: number | null;
    message: string;
    landing_url: string | null;
    last_user_id: number;
    cursor_user_id: Generated<number>;
    delivered: Generated<number>;
    created_at: Timestamp;
    finished_at: NullableTimestamp;
  };
  stream_keys: {
    id: Generated<number>;
    channel_id: number;
    kamp_channel_id: string;
    secret: string;
    title: string;
    created_at: Timestamp;
    publishing_since: NullableTimestamp;
    /** The ingest node (ingest_nodes.id) that holds the publisher while publishing_since is set. */
    publishing_node: string | null;
    /** When the claimed publisher's first video keyframe reached the ingest (decision 062); null with no claim or no media yet. */
    receiving_since: NullableTimestamp;
  };
  restream_targets: {
    id: Generated<number>;
    stream_key_id: number;
    url: string;
    secret: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  lives: {
    id: Generated<number>;
    channel_id: number;
    stream_key_id: number;
    title: string;
    description: Generated<string>;
    thumbnail_url: string | null;
    status: Generated<LiveStatus>;
    air_slot: number | null;
    created_at: Timestamp;
    started_at: NullableTimestamp;
    ended_at: NullableTimestamp;
    interrupted_at: NullableTimestamp;
    has_recording: Generated<boolean>;
    /** What the closed live left (migration 0026): READY (a replay content), NONE (nothing recorded), null (not yet settled). */
    replay_state: Generated<ReplayState | null>;
    /** Where in the replay its generated thumbnail was taken; null when uploaded (migration 0031). */
    replay_still_seconds: Generated<number | null>;
  };
  /** Issue 24: trims of a replay, one RUNNING per live (migration 0031; decision 046). */
  replay_trims: {
    id: Generated<number>;
    live_id: number;
    start_seconds: number;
    end_seconds: number;
    state: Generated<ReplayTrimState>;
    failure: string | null;
    requested_by: number | null;
    created_at: Timestamp;
    finished_at: NullableTimestamp;
  };
  demo_seed: {
    id: number;
    seeded_at: Timestamp;
  };
  /** Issue 23: each viewer's last ping of a live (migration 0029, UNLOGGED). */
  live_presence: { live_id: number; viewer_id: string; seen_at: Timestamp };
  /** Issue 23: the most concurrent viewers of each minute of a live (migration 0029). */
  live_viewer_minutes: { live_id: number; minute: Timestamp; viewers: number };
  /** Issue 23: a media channel's subscriber count per Korean day, the day's latest (migration 0038). */
  channel_subscribers_daily: { channel_id: number; day: string; subscribers: number };
  /** Issue 23: beacons as received, partitioned by day on `received_at` (migration 0020). */
  view_events: {
    content_id: number;
    channel_id: number;
    viewer_id: string;
    kind: ViewKind;
    seconds: Generated<number>;
    position: number | null;
    received_at: Timestamp;
  };
  content_views_hourly: { content_id: number; hour: Timestamp; channel_id: number; views: Generated<number>; watch_seconds: Generated<number> };
  /** `day` is a Korean calendar day, as 'YYYY-MM-DD'. */
  content_views_daily: { content_id: number; day: string; channel_id: number; views: Generated<number>; watch_seconds: Generated<number> };
  channel_views_daily: { channel_id: number; day: string; views: Generated<number>; watch_seconds: Generated<number> };
  view_rollup: { only_row: Generated<boolean>; rolled_to: NullableTimestamp };
  view_counted: { content_id: number; viewer_id: string; counted_at: Timestamp; reached: Generated<number> };
  /** Issue 23: viewers of a loop's view that reached each tenth of it, by the Korean day the view counted (migration 0022). */
  content_retention_daily: { content_id: number; day: string; tenth: number; channel_id: number; viewers: Generated<number> };
  view_watch_credit: { content_id: number; viewer_id: string; hour: Timestamp; seconds: number };
  rate_limit_windows: { key: string; started_at: Timestamp; hits: number };
  upload_locks: { upload_id: string; token: string; expires_at: Timestamp };
  ingest_nodes: { id: string; internal_url: string | null; started_at: Timestamp; heartbeat_at: Timestamp };
};

export type Db = Kysely<Database>;
export type UserRow = Selectable<Database['users']>;
export type ChannelRow = Selectable<Database['channels']>;
export type NewChannel = Insertable<Database['channels']>;
export type StreamKeyRow = Selectable<Database['stream_keys']>;
export type RestreamTargetRow = Selectable<Database['restream_targets']>;
export type LiveRow = Selectable<Database['lives']>;
