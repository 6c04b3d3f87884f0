import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Booleans are 0/1, JSON columns are text. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
export interface DealerGroupsTable {
  id: string;
  name: string;
  created_at: string;
  /** Set while the group is deactivated: its users are refused (migration 0042). */
  deactivated_at?: string | null;
}
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  given_name: string;
  family_name: string;
  locale: string;
  group_id: string;
  habilitations: string;
  roles: string;
  created_at: string;
  /** Set while the account is deactivated: every sign-in, token and refresh of it is refused. */
  deactivated_at: Generated<string | null>;
}
/** What a first sign-in through an external provider gets, per e-mail domain (migration 0046); lists are JSON. */
export interface DomainRulesTable {
  domain: string;
  group_id: string;
  roles: string;
  models: string;
  options: string;
  owner_ids: string;
  claim_name: string;
  /** JSON `[{ value, roles }]`: the roles each value of the claim gives. */
  claim_roles: string;
  updated_at: string;
  updated_by: string;
}
/** A dealer group's SCIM bearer token (its SHA-256 only), migration 0050. */
export interface ScimTokensTable {
  id: string;
  group_id: string;
  label: string;
  token_hash: string;
  created_at: string;
  /** The audit actor's label of whoever created it (an e-mail, or `cli`). */
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
/** A dealer group's API key (migration 0055): its SHA-256 only; scopes and owner_ids are JSON arrays. */
export interface ApiKeysTable {
  id: string;
  group_id: string;
  label: string;
  key_hash: string;
  hint: string;
  scopes: string;
  owner_ids: string | null;
  expires_at: string | null;
  created_at: string;
  created_by: string;
  /** The account a key's calls are made as (its creator): shootings it creates name it. */
  acting_user_id: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
/** A group's webhook endpoint (migration 0056); enabled is 0 or 1, event_types a JSON array. */
/** A group's copy of a built-in marketplace profile (migration 0058); rules is MarketplaceRules as JSON. */
export interface MarketplaceProfilesTable {
  id: string;
  group_id: string;
  base_id: string;
  name: string;
  rules: string;
  created_at: string;
  updated_at: string;
}
/** The angle of a shooting's picture position (migration 0059); source 'user' (a correction) or 'model'. */
export interface PictureAnglesTable {
  shooting_id: string;
  position: number;
  angle: string;
  source: string;
  updated_at: string;
}
/** The framing a shooting's croppings share: the camera's height (0 low, 1 high) fixed by its first cropped picture. */
export interface ShootingFramingsTable {
  shooting_id: string;
  camera_height: number;
  fixed_by_edit_id: string;
  created_at: string;
}
export interface WebhookEndpointsTable {
  id: string;
  group_id: string;
  url: string;
  description: string;
  event_types: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  enabled: number;
  disabled_reason: string | null;
  created_at: string;
  created_by: string;
}
/** An event written with the change it tells of (the outbox); body is the JSON sent. */
export interface WebhookEventsTable {
  id: string;
  group_id: string;
  type: string;
  stream_key: string;
  body: string;
  created_at: string;
}
/** One event to one endpoint; a stream's pending deliveries go out in seq order. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  stream_key: string;
  seq: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  first_failed_at: string | null;
  delivered_at: string | null;
  request_headers: string | null;
  created_at: string;
}
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: string;
  status: number | null;
  duration_ms: number;
  response: string;
}
/** Who drains a stream of an endpoint now (holder), until when. */
export interface WebhookStreamsTable {
  endpoint_id: string;
  stream_key: string;
  holder: string | null;
  held_until: string;
}
/** A pending invitation's one-time link (its SHA-256 only), valid until expires_at (migration 0044). */
export interface UserInvitationsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}
export interface UserOptionsTable {
  user_id: string;
  name: string;
  value: string;
}
export interface UserModelsTable {
  user_id: string;
  model_type: string;
}
export interface OwnersTable {
  id: string;
  group_id: string;
  name: string;
  label: string;
  logo_key: string | null;
  plate_cover_key: string | null;
  contact_information: string;
  contact_phone: string | null;
  created_at: string;
}
export interface UserOwnersTable {
  user_id: string;
  owner_id: string;
}
export interface ProductsTable {
  id: string;
  owner_id: string;
  vin: string;
  registration: string;
  brand: string | null;
  model: string | null;
  product_type: string;
  workflows: string;
  photo_state: string;
  created_at: string;
}
export interface StampsTable {
  id: string;
  group_id: string;
  name: string;
  format: string;
  width: number;
  height: number;
  overlay_key: string;
  created_at: string;
  /** The current version (migration 0042): new shootings and restamps render with it. */
  version: Generated<number>;
  /** The composed design (JSON) of the current version, null for an uploaded overlay. */
  design?: string | null;
  updated_at?: string | null;
}
/** A dealer group's own DMS (migration 0043); without a row the group uses DMS_DRIVER. */
export interface DmsSettingsTable {
  group_id: string;
  driver: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  updated_at: string;
}
/** One delivery to a group's DMS, a shooting's push or a test (migration 0043). */
export interface DmsDeliveriesTable {
  id: string;
  group_id: string;
  shooting_id: string | null;
  kind: string;
  driver: string;
  target: string;
  status: string;
  error: string | null;
  duration_ms: number;
  created_at: string;
}
/** Every version of a stamp (migration 0042): its blobs are never rewritten. */
export interface StampVersionsTable {
  stamp_id: string;
  version: number;
  name: string;
  overlay_key: string;
  design: string | null;
  background_key: string | null;
  cropping_type: string;
  blurring_value: number;
  created_by: string | null;
  created_at: string;
}
export interface StampConfigurationsTable {
  stamp_id: string;
  cropping_type: string;
  background_key: string | null;
  blurring_value: number;
  /** Percent of the height, from the top, where the set's floor begins (0015). */
  floor_level: Generated<number>;
}
export interface ShootingsTable {
  id: string;
  product_id: string;
  owner_id: string;
  shooting_type: string;
  registration: string;
  remarketing_status: string;
  dms_status: string;
  dms_synced_at: string | null;
  stamp_id: string | null;
  format: string | null;
  video_name: string | null;
  created_by: string | null;
  created_at: string;
  /** Distinct image positions, kept by triggers on images (migration 0009). */
  picture_count: Generated<number>;
  /** The list thumbnail's blob key, kept by triggers on images (migration 0009). */
  cover_key: Generated<string | null>;
  /** The registration without spaces and dashes, computed by the database: the list searches it (migration 0051). */
  registration_key: ColumnType<string, never, never>;
}
/** Every three-character piece of each owner's registrations' search keys, kept by triggers: the list's registration search seeks them (migration 0060). */
export interface ShootingRegistrationGramsTable {
  owner_id: string;
  gram: string;
  registration: string;
}
/** Shootings per owner, type (and '*' for all types, 0060) and month (YYYY-MM), kept by triggers: deep list pages skip whole months. */
export interface ShootingMonthCountsTable {
  owner_id: string;
  shooting_type: string;
  month: string;
  n: number;
}
/** A data version per owner for the list cache, bumped by triggers on every write a list item shows (migration 0010). */
export interface ShootingListVersionsTable {
  owner_id: string;
  version: number;
}
/** A data version per user for the user context cache, bumped by triggers on the account and its options, models, owners (migration 0010). */
export interface UserContextVersionsTable {
  user_id: string;
  version: number;
}
export interface ImagesTable {
  id: string;
  shooting_id: string;
  position: number;
  image_type: string;
  blob_key: string;
  thumbnail_key: string | null;
  format: string | null;
  stamp_id: string | null;
  mask_id: string | null;
  is_label_image: number;
  width: number | null;
  height: number | null;
  bytes: number | null;
  created_at: string;
  updated_at: string;
}
export interface ImageVerificationsTable {
  image_id: string;
  kind: string;
  result: string;
  created_at: string;
}
export interface VideosTable {
  id: string;
  shooting_id: string;
  video_type: string;
  streamer: string;
  url: string | null;
  reference: string | null;
  blob_key: string | null;
  created_at: string;
  config_version: number | null;
  poster_key: string | null;
}
export interface ReportsTable {
  id: string;
  shooting_id: string;
  kind: string;
  locale: string;
  blob_key: string;
  created_at: string;
  updated_at: string;
  data_version: string | null;
}
export interface PlayerReferencesTable {
  ref: string;
  shooting_id: string;
  marketplace: string;
  created_by: string | null;
  created_at: string;
  last_user_id: string | null;
  /** 0/1: the player shows the damages placed on its pictures. */
  show_damages: Generated<number>;
  /** 0/1: the player labels the pictures whose background was replaced or plate covered. */
  show_edited: Generated<number>;
}
export interface ImageVariantsTable {
  image_id: string;
  variant: string;
  blob_key: string;
  bytes: number;
  created_at: string;
}
export interface RatingsTable {
  id: string;
  kind: string;
  target: string;
  visitor: string;
  score: number;
  comment: string | null;
  created_at: string;
}
export interface LiveRoomsTable {
  id: string;
  owner_id: string;
  user_id: string;
  session_name: string;
  room_name: string;
  appointment_date: string;
  meeting_code: string;
  created_at: string;
  registration: string | null;
  player_ref: string | null;
  /** When its first participant came in (migration 0062). */
  started_at?: string | null;
  /** Participants who came in (a rejoin is not counted again). */
  participants_count?: number;
  /** When it ended: its host ended it, or it stayed empty (a room ends once). */
  ended_at?: string | null;
}
export interface VideoConfigurationsTable {
  id: string;
  group_id: string;
  introduction_key: string | null;
  conclusion_key: string | null;
  audio_key: string | null;
  updated_at: string;
  version: Generated<number>;
  introduction_upload: string | null;
  conclusion_upload: string | null;
  audio_upload: string | null;
}
export interface MediaUploadsTable {
  id: string;
  group_id: string;
  user_id: string;
  slot: string;
  shooting_id: string | null;
  file_name: string;
  content_type: string;
  /** bigint: PostgreSQL answers it as a string. */
  size: number | string;
  fingerprint: string;
  status: string;
  blob_key: string | null;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  has_audio: number | null;
  expires_at: string;
  created_at: string;
}
export interface NotificationsOutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  /** OUTBOX (kept by the embedded drivers), SENT or FAILED (SMTP, SMS gateway). */
  status: string;
  error: string | null;
  /** The transport's message id of a SENT row (migration 0049). */
  transport_id: string | null;
  /** A job's send (migration 0065): the key that keeps a retried job from sending it again. */
  dedupe_key: string | null;
  created_by: string | null;
  group_id: string | null;
  created_at: string;
  sent_at: string | null;
}
/** A personal player link's recipient (migration 0052): the token is in the link. */
export interface ShareRecipientsTable {
  token: string;
  ref: string;
  /** EMAIL, SMS or LINK (a copied link with a name). */
  channel: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  sender_id: string;
  created_at: string;
}
/** One page opening of a personal link (migration 0053); `visit_id` is the page's own random id. */
export interface EngagementVisitsTable {
  token: string;
  visit_id: string;
  /** phone, tablet or desktop. */
  device: string;
  opened_at: string;
  last_at: string;
  visible_ms: Generated<number>;
  /** The largest share of the video watched, 0 to 1. */
  video_share: Generated<number>;
  rating: number | null;
  contacts: Generated<number>;
}
export interface EngagementAnglesTable {
  token: string;
  visit_id: string;
  frame: number;
  ms: number;
}
export interface EngagementMomentsTable {
  token: string;
  visit_id: string;
  /** HOTSPOT, CONTACT or RATING. */
  kind: string;
  detail: string;
  at: string;
}
export interface EngagementBatchesTable {
  token: string;
  visit_id: string;
  seq: number;
  created_at: string;
}
/** A user's alert: a recipient of theirs opened a personal link (migration 0054). */
export interface UserAlertsTable {
  id: string;
  user_id: string;
  token: string;
  visit_id: string;
  created_at: string;
  read_at: string | null;
}
export interface AlertPreferencesTable {
  user_id: string;
  in_app: Generated<number>;
  email: Generated<number>;
  /** Quiet hours, local HH:mm in time_zone; both null: none. */
  quiet_from: string | null;
  quiet_to: string | null;
  time_zone: Generated<string>;
}
export interface StatisticsEventsTable {
  id: string;
  user_id: string | null;
  kind: string;
  subject: string;
  payload: string;
  created_at: string;
}
export interface JobsTable {
  id: string;
  name: string;
  payload: string;
  idempotency_key: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}
export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface InspectionsTable {
  shooting_id: string;
  currency: string;
  overall_condition: string | null;
  repair_order_number: string | null;
  mileage: number | null;
  customer_name: string | null;
  workshop_video_id: string | null;
  created_at: string;
  updated_at: string;
}
export interface InspectionDamagesTable {
  id: string;
  shooting_id: string;
  position: number;
  zone: string;
  kind: string;
  severity: string;
  image_id: string | null;
  note: string;
  estimated_cost_cents: number;
  /** Where the damage is on a picture of the vehicle: the picture and x/y as fractions (0..1). */
  spot_image_id?: string | null;
  spot_x?: number | null;
  spot_y?: number | null;
  created_at: string;
  updated_at: string;
}
export interface HealthCheckItemsTable {
  id: string;
  shooting_id: string;
  position: number;
  category: string;
  label: string;
  rating: string;
  parts_price_cents: number;
  labour_price_cents: number;
  decision: string;
  note: string;
  image_id: string | null;
  created_at: string;
  updated_at: string;
}
export interface TradeInOffersTable {
  id: string;
  shooting_id: string;
  amount_cents: number;
  valid_until: string;
  conditions: string;
  created_at: string;
  updated_at: string;
}
export interface UploadGrantsTable {
  blob_key: string;
  user_id: string;
  product_id: string;
  content_type: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export interface PipelineRunsTable {
  id: string;
  shooting_id: string;
  stamp_id: string;
  kind: string;
  seq: number;
  created_at: string;
  finished_at: string | null;
}
export interface PipelineRunItemsTable {
  run_id: string;
  source_image_id: string;
  target_type: string;
  done_at: string | null;
}
export interface ImageEditsTable {
  id: string;
  shooting_id: string;
  original_id: string;
  position: number;
  kind: string;
  params: string;
  status: string;
  error: string | null;
  outputs: string;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_end: number;
}

/** Live signalling across API processes (PostgreSQL signal bus); times in epoch milliseconds (bigint: read back as strings on PostgreSQL). */
export interface LiveMembersTable {
  room: string;
  participant_id: string;
  identity: string;
  host: number;
  media: string | null;
  process_id: string;
  session: string;
  detached: number;
  lease_until: number | string;
  joined_at: number | string;
  /** 1 while the member waits in the lobby (migration 0028). */
  waiting: Generated<number>;
}
export interface LiveMissedTable {
  id: string;
  room: string;
  participant_id: string;
  seq: number | string;
  message: string;
  created_at: number | string;
}
export interface LiveSignalsTable {
  id: string;
  payload: string;
  created_at: number | string;
}
export interface LiveRoomSpinsTable {
  room: string;
  spin: string | null;
}
export interface LiveRecordingsTable {
  id: string;
  room_id: string;
  status: 'recording' | 'processing' | 'ready' | 'failed';
  started_by: string;
  started_at: string;
  stopped_at: string | null;
  duration_ms: number | null;
  blob_key: string | null;
  /** bigint: read back as a string on PostgreSQL. */
  size_bytes: number | string | null;
  share_token: string | null;
  error: string | null;
}
/** Administrative changes (migration 0040); before and after are JSON text. Insert only: triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_label: string;
  group_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  client_address: string | null;
}
/** The first run's one-time codes (migration 0041), as SHA-256 only. */
export interface SetupCodesTable {
  code_hash: string;
  created_at: string;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  dealer_groups: DealerGroupsTable;
  users: UsersTable;
  user_options: UserOptionsTable;
  user_invitations: UserInvitationsTable;
  scim_tokens: ScimTokensTable;
  domain_rules: DomainRulesTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_streams: WebhookStreamsTable;
  user_models: UserModelsTable;
  owners: OwnersTable;
  user_owners: UserOwnersTable;
  products: ProductsTable;
  stamps: StampsTable;
  stamp_configurations: StampConfigurationsTable;
  stamp_versions: StampVersionsTable;
  dms_settings: DmsSettingsTable;
  dms_deliveries: DmsDeliveriesTable;
  shootings: ShootingsTable;
  shooting_month_counts: ShootingMonthCountsTable;
  shooting_registration_grams: ShootingRegistrationGramsTable;
  shooting_list_versions: ShootingListVersionsTable;
  user_context_versions: UserContextVersionsTable;
  images: ImagesTable;
  image_verifications: ImageVerificationsTable;
  videos: VideosTable;
  reports: ReportsTable;
  inspections: InspectionsTable;
  inspection_damages: InspectionDamagesTable;
  health_check_items: HealthCheckItemsTable;
  trade_in_offers: TradeInOffersTable;
  player_references: PlayerReferencesTable;
  image_variants: ImageVariantsTable;
  ratings: RatingsTable;
  live_rooms: LiveRoomsTable;
  video_configurations: VideoConfigurationsTable;
  media_uploads: MediaUploadsTable;
  notifications_outbox: NotificationsOutboxTable;
  statistics_events: StatisticsEventsTable;
  jobs: JobsTable;
  upload_grants: UploadGrantsTable;
  pipeline_runs: PipelineRunsTable;
  pipeline_run_items: PipelineRunItemsTable;
  image_edits: ImageEditsTable;
  oidc_payloads: OidcPayloadsTable;
  login_attempts: LoginAttemptsTable;
  rate_limits: RateLimitsTable;
  live_members: LiveMembersTable;
  live_missed: LiveMissedTable;
  live_signals: LiveSignalsTable;
  live_room_spins: LiveRoomSpinsTable;
  live_recordings: LiveRecordingsTable;
  audit_log: AuditLogTable;
  setup_codes: SetupCodesTable;
  share_recipients: ShareRecipientsTable;
  engagement_visits: EngagementVisitsTable;
  engagement_angles: EngagementAnglesTable;
  engagement_moments: EngagementMomentsTable;
  engagement_batches: EngagementBatchesTable;
  user_alerts: UserAlertsTable;
  alert_preferences: AlertPreferencesTable;
  marketplace_profiles: MarketplaceProfilesTable;
  picture_angles: PictureAnglesTable;
  shooting_framings: ShootingFramingsTable;
}
