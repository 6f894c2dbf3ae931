import { sql, type Kysely } from 'kysely';

// Notifications carry a type and parameters (the browser writes the words);
// the never-written EXPIRED state goes: expiry by time is an automatic DECLINED.
// Forward-only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications ADD COLUMN type text;
    ALTER TABLE notifications ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;

    -- Earlier rows were written with Korean text only: recover the type from the
    -- landing address or the text the old producers used; what matches nothing
    -- stays a free-text message.
    UPDATE notifications n SET type = CASE
        WHEN n.channel_id IS NULL THEN 'OPERATOR_MESSAGE'
        WHEN n.landing_url LIKE '%inviteObjectId=%' THEN 'INVITE_RECEIVED'
        WHEN n.landing_url LIKE '%transferObjectId=%' THEN 'TRANSFER_REQUESTED'
        WHEN n.message LIKE '%채널 초대를 수락했습니다.' THEN 'INVITE_ACCEPTED'
        WHEN n.message LIKE '%소유권 이전을 수락했습니다.%' THEN 'TRANSFER_ACCEPTED'
        WHEN n.message LIKE '소유권 이전 요청이 7일 동안%' THEN 'TRANSFER_EXPIRED'
        WHEN n.message LIKE '%권한이 해제되었습니다.' THEN 'MEMBER_REMOVED'
        WHEN n.message LIKE '%채널을 떠났습니다.' THEN 'MEMBER_LEFT'
        ELSE 'OPERATOR_MESSAGE'
      END;
    UPDATE notifications n SET params = jsonb_build_object('channelName', c.name)
      FROM channels c
      WHERE c.id = n.channel_id AND n.type <> 'OPERATOR_MESSAGE';

    ALTER TABLE notifications ALTER COLUMN type SET NOT NULL;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_REMOVED', 'MEMBER_LEFT', 'OPERATOR_MESSAGE'));

    UPDATE channel_invites SET status = 'DECLINED', declined_automatically = true WHERE status = 'EXPIRED';
    UPDATE channel_transfers SET status = 'DECLINED', declined_automatically = true WHERE status = 'EXPIRED';
    ALTER TABLE channel_invites DROP CONSTRAINT channel_invites_status_check;
    ALTER TABLE channel_invites ADD CONSTRAINT channel_invites_status_check CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED'));
    ALTER TABLE channel_transfers DROP CONSTRAINT channel_transfers_status_check;
    ALTER TABLE channel_transfers ADD CONSTRAINT channel_transfers_status_check CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED'));
  `.execute(db);
}
