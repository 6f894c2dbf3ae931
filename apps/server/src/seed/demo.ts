import { OWNER_INVITE_AUTO_DECLINE_DAYS, OWNER_TRANSFER_AUTO_DECLINE_DAYS } from '@studio/contract/constants';
import type { Db } from '../db/schema';
import {
  addMember,
  createApplication,
  createChannel,
  createInvite,
  createNotice,
  createNotification,
  createPerson,
  createTransfer,
} from './factories';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo world of DESIGN.md. Runs once per database: the marker row is
 * written in the same transaction, so a restart (or two instances) never seeds twice.
 */
export async function seedDemoWorld(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx.insertInto('demo_seed').values({ id: 1 }).onConflict((c) => c.column('id').doNothing()).returning('id').executeTakeFirst();
    if (!marker) return false;
    const ago = (ms: number) => new Date(now.getTime() - ms);

    const creator = await createPerson(trx, { login: 'creator', name: '김크리에이터', email: 'creator@example.com' });
    const manager = await createPerson(trx, { login: 'manager', name: '이매니저', email: 'manager@example.com' });
    const newbie = await createPerson(trx, { login: 'newbie', name: '박새내기', email: 'newbie@example.com' });
    const operator = await createPerson(trx, { login: 'operator', name: '스튜디오 운영자', isOperator: true });
    const editor = await createPerson(trx, { login: 'cityeditor', name: '최편집장' });

    const studioDaily = await createChannel(trx, {
      name: 'Studio Daily',
      channel_type: 'MEDIA_CHANNEL',
      status: 'SERVICE',
      shorts_status: 'SERVICE',
      live_status: 'SERVICE',
      use_mainnews: true,
      use_document_write: true,
      use_post_write: true,
      labels: [
        { code: 'OFFICIAL', name: '공식' },
        { code: 'NEWS_PARTNER', name: '뉴스 제휴' },
      ],
    });
    const cookingNotes = await createChannel(trx, {
      name: 'Cooking Notes',
      channel_type: 'CONTENTS_CHANNEL',
      status: 'SERVICE',
      shorts_status: 'PAUSE',
      live_status: 'PAUSE',
      use_post_write: true,
    });
    const cityNews = await createChannel(trx, {
      name: '시티 뉴스 — 우리 동네 소식을 가장 빠르게 전하는 지역 방송 채널',
      channel_type: 'MEDIA_CHANNEL',
      status: 'SERVICE',
      shorts_status: 'SERVICE',
      live_status: 'PAUSE',
      use_document_write: true,
    });
    const harborRadio = await createChannel(trx, {
      name: 'Harbor Radio',
      channel_type: 'MEDIA_CHANNEL',
      status: 'SERVICE',
      shorts_status: 'SERVICE',
      live_status: 'SERVICE',
      use_document_write: true,
      use_post_write: true,
    });

    await addMember(trx, studioDaily, creator.userId, 'OWNER');
    await addMember(trx, studioDaily, manager.userId, 'MANAGER');
    await addMember(trx, cookingNotes, creator.userId, 'OWNER');
    await addMember(trx, cityNews, editor.userId, 'OWNER');
    await addMember(trx, cityNews, creator.userId, 'MANAGER');
    // Harbor Radio has no owner: its owner invite is pending with newbie.

    await createApplication(trx, {
      applicant_user_id: creator.userId,
      channel_id: cookingNotes,
      channel_name: 'Cooking Notes',
      channel_type: 'CONTENTS_CHANNEL',
      applicant_kind: 'INDIVIDUAL',
      apply_type: 'NEW_APPLY',
      status: 'APPROVE',
      created_at: ago(10 * DAY),
      reviewed_at: ago(3 * DAY),
    });
    await createApplication(trx, {
      applicant_user_id: creator.userId,
      channel_id: null,
      channel_name: 'Studio Daily Shorts',
      channel_type: 'MEDIA_CHANNEL',
      applicant_kind: 'COMPANY',
      apply_type: 'ADD_TYPE',
      status: 'REVIEW',
      created_at: ago(2 * DAY),
      reviewed_at: null,
    });

    const managerInvite = await createInvite(trx, {
      channel_id: studioDaily,
      invitee_user_id: newbie.userId,
      inviter_user_id: creator.userId,
      role: 'MANAGER',
      created_at: ago(1 * DAY),
    });
    const ownerInvite = await createInvite(trx, {
      channel_id: harborRadio,
      invitee_user_id: newbie.userId,
      inviter_user_id: operator.userId,
      role: 'OWNER',
      created_at: ago(2 * DAY),
      expires_at: new Date(ago(2 * DAY).getTime() + OWNER_INVITE_AUTO_DECLINE_DAYS * DAY),
    });
    const transfer = await createTransfer(trx, {
      channel_id: cookingNotes,
      from_user_id: creator.userId,
      to_user_id: newbie.userId,
      created_at: ago(6 * HOUR),
      expires_at: new Date(ago(6 * HOUR).getTime() + OWNER_TRANSFER_AUTO_DECLINE_DAYS * DAY),
    });

    const notify = (userId: number, channelId: number | null, message: string, landingUrl: string | null, createdAt: Date, read = false) =>
      createNotification(trx, {
        user_id: userId,
        channel_id: channelId,
        message,
        landing_url: landingUrl,
        image_url: null,
        created_at: createdAt,
        read_at: read ? createdAt : null,
      });

    await notify(creator.userId, null, '입점 신청하신 Cooking Notes 채널이 승인되었습니다.', '/studio/channels/management', ago(3 * DAY), true);
    await notify(creator.userId, studioDaily, "Studio Daily 채널의 라이브 '주간 스튜디오 토크'가 종료되었습니다.", `/studio/channels/${studioDaily}`, ago(20 * HOUR));
    await notify(creator.userId, studioDaily, '이매니저 님이 Studio Daily 채널의 매니저가 되었습니다.', `/studio/channels/${studioDaily}`, ago(5 * HOUR));
    await notify(creator.userId, null, '스튜디오 정기 점검이 11월 28일 새벽 2시에 진행됩니다.', '/studio/notices', ago(2 * HOUR));
    await notify(creator.userId, cityNews, '시티 뉴스 채널에 새 콘텐츠 검토 요청이 있습니다.', `/studio/channels/${cityNews}`, ago(40 * 60_000));
    await notify(creator.userId, cookingNotes, 'Cooking Notes 채널의 포스트에 새 댓글 12개가 달렸습니다.', `/studio/channels/${cookingNotes}`, ago(3 * 60_000));

    await notify(newbie.userId, studioDaily, 'Studio Daily 채널의 매니저로 초대되었습니다.', `/studio/profile/alarm#inviteObjectId=${managerInvite}`, ago(1 * DAY));
    await notify(newbie.userId, harborRadio, 'Harbor Radio 채널의 소유자로 초대되었습니다.', `/studio/profile/alarm#inviteObjectId=${ownerInvite}`, ago(2 * DAY));
    await notify(newbie.userId, cookingNotes, 'Cooking Notes 채널의 소유권 이전 요청이 도착했습니다.', `/studio/profile/alarm#transferObjectId=${transfer}`, ago(6 * HOUR));

    await notify(manager.userId, studioDaily, 'Studio Daily 채널의 매니저가 되었습니다.', `/studio/channels/${studioDaily}`, ago(5 * HOUR));

    await notify(operator.userId, null, '새 입점 신청(Studio Daily Shorts)이 검토를 기다리고 있습니다.', '/studio/operator', ago(2 * DAY));
    await notify(operator.userId, null, 'Harbor Radio 채널의 소유자 초대가 발송되었습니다.', '/studio/operator', ago(2 * DAY), true);

    const notices: [category: 'STUDIO' | 'STUDIO_IMPORTANT', title: string, ageMs: number][] = [
      ['STUDIO_IMPORTANT', '[중요] 11월 28일 스튜디오 정기 점검 안내', 1 * DAY],
      ['STUDIO_IMPORTANT', '[중요] 스트림 키 보안 강화 및 재발급 안내', 9 * DAY],
      ['STUDIO', '루프 업로드 화질 개선 안내', 2 * DAY],
      ['STUDIO', '채널 관리 화면이 새로워졌습니다', 5 * DAY],
      ['STUDIO', '라이브 방송 동시 송출 한도 안내 (최대 5개)', 12 * DAY],
      ['STUDIO', '포스트 작성 기능 업데이트', 20 * DAY],
      ['STUDIO', '스튜디오 이용 가이드 개정 안내', 31 * DAY],
    ];
    for (const [category, title, age] of notices) {
      await createNotice(trx, { category, title, body: `${title}\n\n자세한 내용은 채널 가이드를 확인해 주세요.`, published_at: ago(age) });
    }
    return true;
  });
}
