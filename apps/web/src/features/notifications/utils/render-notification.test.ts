import { describe, expect, it } from 'vitest';
import { featureTranslate, setLocale } from '../../../lib/i18n/i18n';
import { catalogueProblems } from '../../../lib/i18n/catalogue-checks';
import { notificationsMessages } from '../messages';
import { notificationTypes, renderNotification } from './render-notification';

const ko = featureTranslate(notificationsMessages, 'ko');
const params = { channelName: 'Studio Daily', actorName: '김하늘', role: 'MANAGER', title: '첫 방송', graceMinutes: 5 };

describe('renderNotification', () => {
  it('writes every type except operator messages from the catalogue, in both languages', () => {
    for (const type of notificationTypes) {
      const n = { type, params, message: 'server text' };
      if (type === 'OPERATOR_MESSAGE') expect(renderNotification(n, ko)).toBe('server text');
      else expect(renderNotification(n, ko), type).not.toBe('server text');
    }
    expect(catalogueProblems(notificationsMessages.ko, notificationsMessages.en)).toEqual([]);
  });

  it('keeps the former server texts word for word in Korean, with the role word of the role catalogue', () => {
    expect(renderNotification({ type: 'INVITE_RECEIVED', params, message: '' }, ko)).toBe('Studio Daily 채널의 매니저로 초대되었습니다.');
    expect(renderNotification({ type: 'MEMBER_LEFT', params, message: '' }, ko)).toBe('김하늘 님이 Studio Daily 채널을 떠났습니다.');
    expect(renderNotification({ type: 'LIVE_INTERRUPTED', params, message: '' }, ko)).toBe(
      "Studio Daily 채널의 라이브 '첫 방송' 송출이 끊겼습니다. 5분 안에 다시 연결하지 않으면 방송이 종료됩니다.",
    );
    expect(renderNotification({ type: 'MEMBER_ADDED', params, message: '' }, ko)).toBe('김하늘 님이 Studio Daily 채널의 매니저로 참여했습니다.');
    expect(renderNotification({ type: 'TRANSFER_EXPIRED', message: '' }, ko)).toBe('소유권 이전 요청이 7일 동안 응답이 없어 자동으로 거절되었습니다.');
    expect(renderNotification({ type: 'RESERVATION_FAILED', params, message: '' }, ko)).toBe("Studio Daily 채널의 예약 콘텐츠 '첫 방송'을 예약 시간에 발행하지 못했습니다. 내용을 확인하고 다시 예약해 주세요.");
    // The former owner stays on as a manager: the role defaults when the server leaves it out.
    expect(renderNotification({ type: 'TRANSFER_ACCEPTED', params: { channelName: 'A', actorName: 'B' }, message: '' }, ko)).toBe(
      'B 님이 A 채널의 소유권 이전을 수락했습니다. 이제 매니저로 참여합니다.',
    );
  });

  it('writes English without Korean, user content aside, role words included', async () => {
    await setLocale('en');
    try {
      const en = featureTranslate(notificationsMessages, 'en');
      expect(renderNotification({ type: 'INVITE_ACCEPTED', params: { ...params, actorName: 'Sky' }, message: '한국어' }, en)).toBe(
        'Sky accepted the invite to Studio Daily.',
      );
      expect(renderNotification({ type: 'INVITE_RECEIVED', params, message: '한국어' }, en)).toBe('You were invited to Studio Daily as Manager.');
    } finally {
      await setLocale('ko');
    }
  });

  it('falls back to the message for an unknown type, no type, or missing parameters', () => {
    expect(renderNotification({ type: 'SOMETHING_NEW', params, message: '새 알림' }, ko)).toBe('새 알림');
    expect(renderNotification({ message: '옛 알림' }, ko)).toBe('옛 알림');
    expect(renderNotification({ type: 'MEMBER_REMOVED', params: { channelName: 'A' }, message: '권한 해제' }, ko)).toBe('권한 해제');
  });
});
