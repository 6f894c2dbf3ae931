import { describe, expect, it } from 'vitest';
import { ActivityAction } from '@studio/contract/member';
import type { ProfileField } from '@studio/contract/channel-profile';
import type { MemberRole } from '@studio/contract/enums';
import { format } from '../../../lib/i18n/i18n';
import { channelSettingsMessages, type ChannelSettingsMessageKey } from '../messages';
import { activitySentence } from './activity-sentence';

const roles: Record<MemberRole, string> = { OWNER: '소유자', MANAGER: '매니저', CREDIT_MANAGER: '수익 관리자' };
const t = (key: ChannelSettingsMessageKey, params?: Record<string, string | number>) => format(channelSettingsMessages.ko[key], params);
const entry = (action: ActivityAction, actorName: string | null, targetName: string | null, role: MemberRole | null = 'MANAGER', fields: ProfileField[] | null = null) => ({
  id: 1,
  action,
  actorName,
  targetName,
  role,
  fields,
  createdAt: '2026-11-22T03:00:00.000Z',
});
const say = (e: ReturnType<typeof entry>) => activitySentence(e, t, (role) => roles[role]);

describe('activity sentences', () => {
  it('names the parts of a profile change', () => {
    expect(say(entry('PROFILE_CHANGED', '김크리에이터', null, null, ['NAME', 'LINKS']))).toBe('김크리에이터 님이 채널 프로필을 수정했습니다. (이름, 링크)');
    expect(say(entry('PROFILE_CHANGED', null, null, null, ['BANNER']))).toBe('지금은 없는 계정이 채널 프로필을 수정했습니다. (배너)');
  });

  it('reads every action as a Korean sentence', () => {
    expect(say(entry('INVITE_SENT', '김크리에이터', '이매니저'))).toBe('김크리에이터 님이 이매니저 님을 매니저로 초대했습니다.');
    expect(say(entry('INVITE_SENT', '김크리에이터', 'operator', 'CREDIT_MANAGER'))).toBe('김크리에이터 님이 operator 님을 수익 관리자로 초대했습니다.');
    expect(say(entry('INVITE_CANCELLED', '김크리에이터', '스튜디오 운영자', 'CREDIT_MANAGER'))).toBe(
      '김크리에이터 님이 스튜디오 운영자 님에게 보낸 수익 관리자 초대를 취소했습니다.',
    );
    expect(say(entry('INVITE_ACCEPTED', '이매니저', '이매니저'))).toBe('이매니저 님이 매니저 초대를 수락했습니다.');
    expect(say(entry('INVITE_DECLINED', '박새내기', '박새내기'))).toBe('박새내기 님이 매니저 초대를 거절했습니다.');
    expect(say(entry('MEMBER_REMOVED', '김크리에이터', '이매니저'))).toBe('김크리에이터 님이 이매니저 님의 매니저 권한을 해제했습니다.');
    expect(say(entry('MEMBER_LEFT', '이매니저', '이매니저'))).toBe('이매니저 님이 매니저 권한을 내려놓고 채널을 떠났습니다.');
    expect(say(entry('TRANSFER_STARTED', '김크리에이터', '박새내기', 'OWNER'))).toBe('김크리에이터 님이 박새내기 님에게 소유권 이전을 요청했습니다.');
    expect(say(entry('TRANSFER_CANCELLED', '김크리에이터', '박새내기', 'OWNER'))).toBe(
      '김크리에이터 님이 박새내기 님에게 보낸 소유권 이전 요청을 취소했습니다.',
    );
    expect(say(entry('TRANSFER_ACCEPTED', '박새내기', '김크리에이터', 'OWNER'))).toBe('박새내기 님이 소유권 이전을 수락해 새 소유자가 되었습니다.');
    expect(say(entry('TRANSFER_DECLINED', '박새내기', '김크리에이터', 'OWNER'))).toBe('박새내기 님이 소유권 이전 요청을 거절했습니다.');
  });

  it('says 자동으로 when no one acted (an unanswered invite or transfer declined by the system)', () => {
    expect(say(entry('INVITE_DECLINED', null, '박새내기', 'OWNER'))).toBe('박새내기 님의 소유자 초대가 응답이 없어 자동으로 거절되었습니다.');
    expect(say(entry('TRANSFER_DECLINED', null, '박새내기', 'OWNER'))).toBe(
      '박새내기 님에게 보낸 소유권 이전 요청이 응답이 없어 자동으로 거절되었습니다.',
    );
    // Only the owner changes a profile: no actor there means the account is gone, not the system.
    for (const action of ActivityAction.options.filter((option) => option !== 'PROFILE_CHANGED')) expect(say(entry(action, null, '박새내기')), action).toContain('자동으로');
  });

  it('has a sentence for every action, with and without an actor, in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages: Record<string, string> = channelSettingsMessages[locale];
      for (const action of ActivityAction.options) {
        expect(messages[`activity.${action}`]?.trim(), action).toBeTruthy();
        expect(messages[`activity.${action}.auto`]?.trim(), action).toBeTruthy();
      }
    }
    expect(say(entry('MEMBER_REMOVED', '김크리에이터', null))).toBe('김크리에이터 님이 알 수 없는 사용자 님의 매니저 권한을 해제했습니다.');
  });

  it('has the same keys and placeholders in English as in Korean', () => {
    const { ko, en } = channelSettingsMessages;
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort());
    for (const [key, text] of Object.entries(ko)) expect(placeholders(en[key as ChannelSettingsMessageKey]), key).toEqual(placeholders(text));
  });
});
