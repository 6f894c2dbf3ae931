import { sql, type Kysely } from 'kysely';

// The first schema: the account service (schema "account", external in
// production) and the studio (schema "public"). Forward-only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SCHEMA IF NOT EXISTS account;

    CREATE TABLE account.accounts (
      id bigserial PRIMARY KEY,
      login text NOT NULL UNIQUE CHECK (login ~ '^[a-z0-9._-]{3,40}$'),
      password_hash text NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      email text,
      profile_image_url text,
      failed_logins integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- oidc-provider's models (sessions, grants, codes, tokens, interactions).
    CREATE TABLE account.oidc_payloads (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX oidc_payloads_grant_id ON account.oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX oidc_payloads_uid ON account.oidc_payloads (uid) WHERE uid IS NOT NULL;
    CREATE INDEX oidc_payloads_user_code ON account.oidc_payloads (user_code) WHERE user_code IS NOT NULL;
    CREATE INDEX oidc_payloads_expires_at ON account.oidc_payloads (expires_at);

    -- Signing keys, cookie keys and the bundled client's secret, made on first start.
    CREATE TABLE account.secrets (
      name text PRIMARY KEY,
      value jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- The account service's own sign-in cookie, for its account page.
    CREATE TABLE account.web_sessions (
      id text PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES account.accounts (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      issuer text NOT NULL,
      subject text NOT NULL,
      login text NOT NULL,
      name text NOT NULL,
      profile_image_url text,
      is_operator boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (issuer, subject)
    );
    CREATE INDEX users_login ON users (login);

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      id_token text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_id ON sessions (user_id);
    CREATE INDEX sessions_expires_at ON sessions (expires_at);

    -- A sign-in under way: PKCE verifier and where to go afterwards.
    CREATE TABLE auth_requests (
      state text PRIMARY KEY,
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      continue_url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE channels (
      id bigserial PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      channel_type text NOT NULL CHECK (channel_type IN ('MEDIA_CHANNEL', 'CONTENTS_CHANNEL', 'COMMUNITY_CHANNEL', 'HARMONY_NOTICE_CHANNEL', 'AUTO_CHANNEL')),
      status text NOT NULL DEFAULT 'WAIT' CHECK (status IN ('SERVICE', 'WAIT', 'VIEWONLY', 'STOP', 'DELETED')),
      shorts_status text NOT NULL DEFAULT 'PAUSE' CHECK (shorts_status IN ('SERVICE', 'PAUSE', 'VIEWONLY', 'TERMINATE')),
      live_status text NOT NULL DEFAULT 'PAUSE' CHECK (live_status IN ('SERVICE', 'PAUSE', 'VIEWONLY', 'TERMINATE')),
      profile_image_url text,
      use_mainnews boolean NOT NULL DEFAULT false,
      use_document_write boolean NOT NULL DEFAULT false,
      use_post_write boolean NOT NULL DEFAULT false,
      labels jsonb NOT NULL DEFAULT '[]'::jsonb,
      show_subscriber_count boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE channel_members (
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('OWNER', 'MANAGER', 'CREDIT_MANAGER')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (channel_id, user_id)
    );
    CREATE INDEX channel_members_user_id ON channel_members (user_id);
    -- At most one owner per channel, held by the database.
    CREATE UNIQUE INDEX channel_members_one_owner ON channel_members (channel_id) WHERE role = 'OWNER';

    CREATE TABLE channel_applications (
      id bigserial PRIMARY KEY,
      applicant_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      channel_id bigint REFERENCES channels (id) ON DELETE SET NULL,
      channel_name text NOT NULL,
      channel_type text NOT NULL,
      applicant_kind text NOT NULL CHECK (applicant_kind IN ('PUBLIC_AGENCY', 'COMPANY', 'INDIVIDUAL', 'CORPORATION', 'ETC', 'UNKNOWN')),
      apply_type text NOT NULL CHECK (apply_type IN ('NEW_APPLY', 'ADD_TYPE')),
      status text NOT NULL DEFAULT 'WAIT' CHECK (status IN ('WAIT', 'REVIEW', 'APPROVE', 'REJECT')),
      reject_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz
    );
    CREATE INDEX channel_applications_applicant ON channel_applications (applicant_user_id, id DESC);
    CREATE INDEX channel_applications_reviewed ON channel_applications (applicant_user_id, reviewed_at) WHERE reviewed_at IS NOT NULL;

    CREATE TABLE channel_invites (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      invitee_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      inviter_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      role text NOT NULL CHECK (role IN ('OWNER', 'MANAGER', 'CREDIT_MANAGER')),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'EXPIRED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      responded_at timestamptz
    );
    CREATE INDEX channel_invites_invitee ON channel_invites (invitee_user_id, id DESC);
    CREATE UNIQUE INDEX channel_invites_one_pending ON channel_invites (channel_id, invitee_user_id) WHERE status = 'PENDING';

    CREATE TABLE channel_transfers (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      from_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      to_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'EXPIRED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      responded_at timestamptz
    );
    CREATE INDEX channel_transfers_to_user ON channel_transfers (to_user_id, id DESC);
    CREATE UNIQUE INDEX channel_transfers_one_pending ON channel_transfers (channel_id) WHERE status = 'PENDING';

    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      channel_id bigint REFERENCES channels (id) ON DELETE SET NULL,
      message text NOT NULL,
      image_url text,
      landing_url text,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_user ON notifications (user_id, id DESC);
    CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;

    CREATE TABLE notices (
      id bigserial PRIMARY KEY,
      category text NOT NULL CHECK (category IN ('STUDIO', 'STUDIO_IMPORTANT')),
      title text NOT NULL,
      body text NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notices_category_published ON notices (category, published_at DESC, id DESC);

    CREATE TABLE user_visits (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      path text,
      user_agent text,
      visited_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_visits_user ON user_visits (user_id, visited_at DESC);

    CREATE TABLE demo_seed (
      id integer PRIMARY KEY CHECK (id = 1),
      seeded_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
