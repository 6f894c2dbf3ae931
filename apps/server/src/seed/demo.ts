import { earliestReservationSlot } from '@studio/contract/reservation';
import type { Db } from '../db/schema';
import { insertInvite } from '../modules/invites/invite-repository';
import { logActivity } from '../modules/members/activity-repository';
import { landing, notify } from '../modules/notifications/notification-producer';
import { koreanNotificationText } from '../modules/notifications/notification-text';
import { recordOperatorAction } from '../modules/operator/audit-repository';
import { plainTextToRichText } from '../lib/sanitize-html';
import { insertTransfer } from '../modules/transfers/transfer-repository';
import {
  addMember,
  createApplication,
  createChannel,
  createContent,
  createNotice,
  createNotification,
  createPerson,
} from './factories';
import { claimDemoSeed } from './demo-seed-repository';
import { seedDemoLives } from './demo-lives';
import type { StorageConfig } from '../config';
import { mediaStore } from '../media/media-store';
import { createObjectStore } from '../media/stores/create-object-store';
import { seedDemoViews } from './demo-views';
import { seedDemoLiveViewers } from './demo-live-viewers';
import { seedDemoSubscribers } from './demo-subscribers';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo world of docs/ARCHITECTURE.md section 8. Runs once per database: the marker row is
 * written in the same transaction, so a restart (or two instances) never seeds twice.
 */
export async function seedDemoWorld(db: Db, now: Date, options: { dataDir?: string; storage?: StorageConfig } = {}): Promise<boolean> {
  const seeded = await seedDemoRows(db, now, options);
  // The view history goes through the roll-up, which opens transactions of its own: after the world commits.
  if (seeded) {
    await seedDemoViews(db, now);
    await seedDemoLiveViewers(db, now);
    await seedDemoSubscribers(db, now);
  }
  return seeded;
}

async function seedDemoRows(db: Db, now: Date, options: { dataDir?: string; storage?: StorageConfig }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimDemoSeed(trx))) return false;
    const ago = (ms: number) => new Date(now.getTime() - ms);

    const creator = await createPerson(trx, { login: 'creator', name: '김크리에이터', email: 'creator@example.com' });
    const manager = await createPerson(trx, { login: 'manager', name: '이매니저', email: 'manager@example.com' });
    const newbie = await createPerson(trx, { login: 'newbie', name: '박새내기', email: 'newbie@example.com' });
    const operator = await createPerson(trx, { login: 'operator', name: '스튜디오 운영자', isOperator: true });
    const editor = await createPerson(trx, { login: 'cityeditor', name: '최편집장' });

    const studioDaily = await createChannel(trx, {
      name: 'Studio Daily',
      channel_type: 'MEDIA_CHANNEL',
      subscriber_count: 128_450,
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
      subscriber_count: 3_210,
      status: 'SERVICE',
      shorts_status: 'PAUSE',
      live_status: 'PAUSE',
      use_post_write: true,
    });
    const cityNews = await createChannel(trx, {
      name: '시티 뉴스 — 우리 동네 소식을 가장 빠르게 전하는 지역 방송 채널',
      channel_type: 'MEDIA_CHANNEL',
      subscriber_count: 54_020,
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
    await seedDemoLives(trx, studioDaily, now, options.dataDir ? mediaStore(createObjectStore(options.storage ?? { kind: 'disk' }, options.dataDir)) : undefined);
    await addMember(trx, cookingNotes, creator.userId, 'OWNER');
    await addMember(trx, cityNews, editor.userId, 'OWNER');
    await addMember(trx, cityNews, creator.userId, 'MANAGER');
    // Harbor Radio has no owner: its owner invite is pending with newbie.

    // Applications in every status, with the form's fields filled in, for the queue and the results tab.
    const form = (email: string, links: string[], revenue: string, description: string) => ({
      contact_email: email,
      links: JSON.stringify(links.map((url) => ({ url }))),
      revenue,
      description,
    });
    await createApplication(trx, {
      applicant_user_id: creator.userId,
      channel_id: cookingNotes,
      channel_name: 'Cooking Notes',
      channel_type: 'CONTENTS_CHANNEL',
      applicant_kind: 'INDIVIDUAL',
      apply_type: 'NEW_APPLY',
      status: 'APPROVE',
      ...form('creator@example.com', ['https://www.youtube.com/@cookingnotes', 'https://www.instagram.com/cookingnotes'], '광고, 후원', '집에서 따라 하는 제철 요리 기록입니다.'),
      created_at: ago(10 * DAY),
      reviewed_at: ago(3 * DAY),
    });
    await createApplication(trx, {
      applicant_user_id: creator.userId,
      channel_id: null,
      channel_name: 'Studio Daily Shorts',
      channel_type: 'MEDIA_CHANNEL',
      applicant_kind: 'COMPANY',
      apply_type: 'NEW_APPLY',
      status: 'REVIEW',
      ...form('creator@example.com', ['https://www.youtube.com/@studiodaily', 'https://pf.kakao.com/_studiodaily'], '광고, 브랜디드 콘텐츠', 'Studio Daily의 짧은 영상만 모아 전하는 채널입니다.'),
      created_at: ago(2 * DAY),
      reviewed_at: null,
    });
    await createApplication(trx, {
      applicant_user_id: creator.userId,
      channel_id: null,
      channel_name: 'Creator Lab',
      channel_type: 'MEDIA_CHANNEL',
      applicant_kind: 'INDIVIDUAL',
      apply_type: 'NEW_APPLY',
      status: 'REJECT',
      reject_reason: '채널 소개와 운영 계획이 부족합니다. 대표 링크에서 최근 활동을 확인할 수 있도록 보완해 다시 신청해 주세요.',
      ...form('creator@example.com', ['https://example.com/creator-lab'], '후원', '실험적인 영상을 올립니다.'),
      created_at: ago(9 * DAY),
      reviewed_at: ago(5 * DAY),
    });
    await createApplication(trx, {
      applicant_user_id: editor.userId,
      channel_id: null,
      channel_name: '시티 뉴스 라디오 — 출퇴근길 지역 소식',
      channel_type: 'MEDIA_CHANNEL',
      applicant_kind: 'PUBLIC_AGENCY',
      apply_type: 'NEW_APPLY',
      ...form('radio@city.example.kr', ['https://www.youtube.com/@citynewsradio', 'https://www.facebook.com/citynews', 'https://city.example.kr/radio'], '광고, 지원금', '출퇴근 시간에 맞춰 지역 교통과 날씨, 생활 소식을 라디오로 전합니다.'),
      created_at: ago(12 * DAY),
    });
    await createApplication(trx, {
      applicant_user_id: manager.userId,
      channel_id: null,
      channel_name: '이매니저의 주말 텃밭',
      channel_type: 'CONTENTS_CHANNEL',
      applicant_kind: 'ETC',
      apply_type: 'NEW_APPLY',
      ...form('manager@example.com', ['https://www.instagram.com/weekendgarden'], '후원, 제휴', '주말마다 가꾸는 작은 텃밭 이야기를 씁니다.'),
      created_at: ago(1 * DAY),
    });

    // Through the same creation functions as the studio, so the 30- and 7-day deadlines are the real ones.
    const managerInvite = await insertInvite(trx, { channelId: studioDaily, inviteeId: newbie.userId, inviterId: creator.userId, role: 'MANAGER', at: ago(1 * DAY) });
    const ownerInvite = await insertInvite(trx, { channelId: harborRadio, inviteeId: newbie.userId, inviterId: operator.userId, role: 'OWNER', at: ago(2 * DAY) });
    // The operator console's audit log tells how Harbor Radio came to be: made ownerless, then its owner invited.
    await recordOperatorAction(trx, {
      operatorId: operator.userId,
      action: 'CHANNEL_CREATE',
      objectType: 'CHANNEL',
      objectId: harborRadio,
      before: null,
      after: { name: 'Harbor Radio', channelType: 'MEDIA_CHANNEL', status: 'SERVICE', shortsStatus: 'SERVICE', liveStatus: 'SERVICE', useMainnews: false, useDocumentWrite: true, usePostWrite: true, labels: [] },
      at: ago(2 * DAY + HOUR),
    });
    await recordOperatorAction(trx, {
      operatorId: operator.userId,
      action: 'CHANNEL_OWNER_INVITE',
      objectType: 'CHANNEL',
      objectId: harborRadio,
      before: null,
      after: { inviteId: ownerInvite, login: newbie.login, name: newbie.name },
      at: ago(2 * DAY),
    });
    const transfer = await insertTransfer(trx, { channelId: cookingNotes, fromUserId: creator.userId, toUserId: newbie.userId, at: ago(6 * HOUR) });

    const contents: [channel: number, kind: 'CONTENT_VIEW' | 'SHORTS' | 'NEWS' | 'POST' | 'LIVE', status: string, title: string, views: number, ageMs: number][] = [
      [studioDaily, 'CONTENT_VIEW', 'PUBLIC', '이번 주 스튜디오 소식 총정리', 152_340, 2 * HOUR],
      [studioDaily, 'SHORTS', 'PUBLIC', '30초 만에 보는 오늘의 하이라이트', 999_999_999, 40 * DAY],
      [studioDaily, 'SHORTS', 'IN_PROCESSING', '촬영 현장 비하인드 (처리 중)', 0, 20 * 60_000],
      [studioDaily, 'LIVE', 'PUBLIC', '주간 스튜디오 토크 다시보기', 12_480, 1 * DAY],
      [studioDaily, 'NEWS', 'PUBLIC', '[속보] 지역 축제 일정 변경', 1_001, 2 * DAY],
      [studioDaily, 'CONTENT_VIEW', 'PUBLIC_RESERVATION', '다음 주 공개 예정: 겨울 특집', 0, 3 * HOUR],
      [studioDaily, 'CONTENT_VIEW', 'DRAFT', '제목 없는 초안', 0, 30 * 60_000],
      [studioDaily, 'POST', 'HIDDEN', '숨김 처리한 공지 포스트', 980, 4 * DAY],
      [studioDaily, 'SHORTS', 'REPORT_BLIND', '신고로 가려진 루프', 45_210, 6 * DAY],
      [studioDaily, 'CONTENT_VIEW', 'PUBLIC_ERROR', '공개 중 오류가 난 콘텐츠', 10, 7 * DAY],
      [studioDaily, 'POST', 'PUBLIC', '구독자 10만 명 감사 인사', 88_000, 45 * DAY],
      [studioDaily, 'CONTENT_VIEW', 'PUBLIC', '스튜디오 장비 소개', 1_000, 80 * DAY],
      [cookingNotes, 'POST', 'PUBLIC', '오늘의 레시피: 된장찌개', 3_400, 1 * DAY],
      [cookingNotes, 'POST', 'PUBLIC', '냉장고 정리 팁 5가지', 10_001, 60 * DAY],
      [cookingNotes, 'POST', 'DRAFT', '김장 준비물 (작성 중)', 0, 2 * HOUR],
      [cityNews, 'NEWS', 'PUBLIC', '시청 앞 광장 리모델링 착공', 23_000, 6 * HOUR],
      [cityNews, 'SHORTS', 'PUBLIC', '출근길 교통 상황 1분 요약', 7_700, 25 * DAY],
    ];
    for (const [channel, kind, status, title, views, age] of contents) {
      // A reservation has its time (a week ahead, on the 10-minute step) and a body; the server queues its job at start-up.
      const reserved = status === 'PUBLIC_RESERVATION';
      await createContent(trx, {
        channel_id: channel,
        author_user_id: creator.userId,
        kind,
        status: status as 'PUBLIC',
        title,
        view_count: views,
        thumbnail_url: null,
        created_at: ago(age),
        // Published loops have their length (the insights' retention curves need it).
        ...(kind === 'SHORTS' && status === 'PUBLIC' ? { duration_seconds: title.startsWith('30초') ? 30 : 60 } : {}),
        ...(reserved
          ? { body: '<p>겨울 특집을 다음 주에 공개합니다.</p>', reserved_at: earliestReservationSlot(new Date(now.getTime() + 7 * DAY)), reservation_visibility: 'PUBLIC' as const }
          : {}),
      });
    }

    await logActivity(trx, { channelId: studioDaily, action: 'INVITE_SENT', actorUserId: creator.userId, targetUserId: manager.userId, role: 'MANAGER', at: ago(6 * HOUR) });
    await logActivity(trx, { channelId: studioDaily, action: 'INVITE_ACCEPTED', actorUserId: manager.userId, targetUserId: manager.userId, role: 'MANAGER', at: ago(5 * HOUR) });
    await logActivity(trx, { channelId: studioDaily, action: 'INVITE_SENT', actorUserId: creator.userId, targetUserId: newbie.userId, role: 'MANAGER', at: ago(1 * DAY) });
    await logActivity(trx, { channelId: cookingNotes, action: 'TRANSFER_STARTED', actorUserId: creator.userId, targetUserId: newbie.userId, role: 'OWNER', at: ago(6 * HOUR) });

    // Operator messages are free text written by a person (no channel). Channel events use the types
    // the studio really produces, so the browser writes them in the chosen language.
    const operatorMessage = (userId: number, message: string, landingUrl: string | null, createdAt: Date, read = false) =>
      createNotification(trx, {
        user_id: userId,
        channel_id: null,
        message,
        landing_url: landingUrl,
        image_url: null,
        created_at: createdAt,
        read_at: read ? createdAt : null,
      });

    // Half a year of the studio's weekly letters, read: the notification page has more than one page to load.
    for (let week = 26; week >= 1; week--) {
      await operatorMessage(creator.userId, `스튜디오 주간 소식 ${27 - week}호: 이번 주 업데이트와 운영 안내를 확인하세요.`, '/studio/notices', ago(week * 7 * DAY + 3 * DAY), true);
    }
    // The decision on Cooking Notes' application, as the studio itself sends it (application-service.ts):
    // its type and the channel's name, so the browser writes it in the chosen language; read.
    const approvedParams = { channelName: 'Cooking Notes' };
    await createNotification(trx, {
      user_id: creator.userId,
      channel_id: null,
      type: 'APPLICATION_APPROVED',
      params: approvedParams,
      message: koreanNotificationText('APPLICATION_APPROVED', approvedParams),
      landing_url: landing.applyResults(),
      image_url: null,
      created_at: ago(3 * DAY),
      read_at: ago(3 * DAY),
    });
    // Through the studio's one producer, as the real events would write them. Lists are newest id
    // first (keyset), so each person's rows are written oldest first, as they would have happened.
    await notify(trx, {
      to: creator.userId,
      channel: { id: studioDaily, name: 'Studio Daily' },
      type: 'INVITE_ACCEPTED',
      params: { actorName: manager.name },
      landingUrl: landing.channel(studioDaily),
      at: ago(5 * HOUR),
    });
    await operatorMessage(creator.userId, '스튜디오 정기 점검이 11월 28일 새벽 2시에 진행됩니다.', '/studio/notices', ago(2 * HOUR));

    await notify(trx, {
      to: newbie.userId,
      channel: { id: harborRadio, name: 'Harbor Radio' },
      type: 'INVITE_RECEIVED',
      params: { role: 'OWNER' },
      landingUrl: landing.invite(ownerInvite),
      at: ago(2 * DAY),
    });
    await notify(trx, {
      to: newbie.userId,
      channel: { id: studioDaily, name: 'Studio Daily' },
      type: 'INVITE_RECEIVED',
      params: { role: 'MANAGER' },
      landingUrl: landing.invite(managerInvite),
      at: ago(1 * DAY),
    });
    await notify(trx, {
      to: newbie.userId,
      channel: { id: cookingNotes, name: 'Cooking Notes' },
      type: 'TRANSFER_REQUESTED',
      params: { actorName: creator.name },
      landingUrl: landing.transfer(transfer),
      at: ago(6 * HOUR),
    });

    await operatorMessage(operator.userId, '새 입점 신청(Studio Daily Shorts)이 검토를 기다리고 있습니다.', '/studio/operator', ago(2 * DAY));
    await operatorMessage(operator.userId, 'Harbor Radio 채널의 소유자 초대가 발송되었습니다.', '/studio/operator', ago(2 * DAY), true);

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
      const body = plainTextToRichText(`${title}\n\n자세한 내용은 채널 가이드를 확인해 주세요.`);
      const noticeId = await createNotice(trx, { category, title, body, published_at: ago(age) });
      await recordOperatorAction(trx, {
        operatorId: operator.userId,
        action: 'NOTICE_CREATE',
        objectType: 'NOTICE',
        objectId: noticeId,
        before: null,
        after: { category, title, body, publishedAt: ago(age).toISOString() },
        at: ago(age),
      });
    }
    return true;
  });
}
