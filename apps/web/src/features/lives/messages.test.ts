import { describe, expect, it } from 'vitest';
import { LiveStatus } from '@studio/contract/enums';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { liveMessages } from './messages';

describe('the live catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(liveMessages.ko, liveMessages.en)).toEqual([]);
  });

  it("keeps the spec's Korean texts word for word", () => {
    const { ko } = liveMessages;
    expect(ko['detail.deleteFailed']).toBe('방송 상태가 변경되었습니다. 선택한 라이브 상태를 확인해주세요.');
    expect(ko['state.fetchFailed']).toBe('스트림 정보를 가져오지 못 했습니다.');
    expect(ko['detail.thumbnailUploadFailed']).toBe('이미지 업로드에 실패했습니다.');
  });

  it("keeps the spec's English toasts and layer titles word for word in English", () => {
    const { en } = liveMessages;
    expect(en['keyAdd.added']).toBe('Stream key added');
    expect(en['keys.editCompleted']).toBe('Stream key edit completed');
    expect(en['keys.editFailed']).toBe('Stream key edit failed');
    expect(en['keys.editNotCompleted']).toBe('Stream key edit not completed');
    expect(en['create.title']).toBe('Start live broadcast');
    expect(en['keyAdd.title']).toBe('Add new stream key');
    expect(en['keys.title']).toBe('Manage stream keys');
    expect(en['keys.onAirSuffix']).toBe('on air');
  });

  it('names every live status in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      for (const status of LiveStatus.options) expect(liveMessages[locale][`status.${status}`].trim()).toBeTruthy();
    }
  });
});
