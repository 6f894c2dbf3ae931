import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorFor } from '../src/db/migrate';
import type { Db } from '../src/db/schema';
import { createDatabaseMigratedTo } from './helper';

/** Rows written before 0003 (Korean text only) get a type and parameters; EXPIRED disappears. */

let db: Db;
let drop: () => Promise<void>;
const migrator = () => migratorFor(db);

beforeAll(async () => {
  ({ db, drop } = await createDatabaseMigratedTo('0002-channel-management'));
});

afterAll(async () => {
  await drop();
});

describe('migration 0003', () => {
  it('backfills notification types from the old texts and retires EXPIRED', async () => {
    const { rows: users } = await sql<{ id: number }>`
      INSERT INTO users (issuer, subject, login, name) VALUES ('t', '1', 'a', '가'), ('t', '2', 'b', '나') RETURNING id`.execute(db);
    const [a, b] = users.map((row) => Number(row.id));
    const { rows: channels } = await sql<{ id: number }>`INSERT INTO channels (name, channel_type) VALUES ('옛 채널', 'MEDIA_CHANNEL') RETURNING id`.execute(db);
    const channel = Number(channels[0]?.id);
    await sql`
      INSERT INTO notifications (user_id, channel_id, message, landing_url) VALUES
        (${a}, NULL, '스튜디오 정기 점검 안내', '/studio/notices'),
        (${a}, ${channel}, '옛 채널 채널의 매니저로 초대되었습니다.', '/studio/profile/alarm#inviteObjectId=3'),
        (${a}, ${channel}, '옛 채널 채널의 소유권 이전 요청이 도착했습니다.', '/studio/profile/alarm#transferObjectId=4'),
        (${a}, ${channel}, '나 님이 옛 채널 채널 초대를 수락했습니다.', NULL),
        (${a}, ${channel}, '나 님이 옛 채널 채널을 떠났습니다.', NULL),
        (${a}, ${channel}, '옛 채널 채널의 매니저 권한이 해제되었습니다.', NULL),
        (${a}, ${channel}, '소유권 이전 요청이 7일 동안 응답이 없어 자동으로 거절되었습니다.', NULL),
        (${a}, ${channel}, '라이브가 종료되었습니다.', NULL)`.execute(db);
    await sql`INSERT INTO channel_invites (channel_id, invitee_user_id, role, status) VALUES (${channel}, ${b}, 'MANAGER', 'EXPIRED')`.execute(db);

    const after = await migrator().migrateToLatest();
    expect(after.error).toBeUndefined();

    const notes = await db.selectFrom('notifications').select(['type', 'params']).orderBy('id').execute();
    expect(notes).toEqual([
      { type: 'OPERATOR_MESSAGE', params: {} },
      { type: 'INVITE_RECEIVED', params: { channelName: '옛 채널' } },
      { type: 'TRANSFER_REQUESTED', params: { channelName: '옛 채널' } },
      { type: 'INVITE_ACCEPTED', params: { channelName: '옛 채널' } },
      { type: 'MEMBER_LEFT', params: { channelName: '옛 채널' } },
      { type: 'MEMBER_REMOVED', params: { channelName: '옛 채널' } },
      { type: 'TRANSFER_EXPIRED', params: { channelName: '옛 채널' } },
      { type: 'OPERATOR_MESSAGE', params: {} },
    ]);
    const invite = await db.selectFrom('channel_invites').select(['status', 'declined_automatically']).executeTakeFirstOrThrow();
    expect(invite).toEqual({ status: 'DECLINED', declined_automatically: true });
    await expect(
      sql`INSERT INTO channel_invites (channel_id, invitee_user_id, role, status) VALUES (${channel}, ${a}, 'MANAGER', 'EXPIRED')`.execute(db),
    ).rejects.toThrow(/channel_invites_status_check/);
    await expect(sql`UPDATE notifications SET type = 'SOMETHING_ELSE'`.execute(db)).rejects.toThrow(/notifications_type_check/);
  });
});
