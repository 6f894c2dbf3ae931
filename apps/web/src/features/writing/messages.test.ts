import { describe, expect, it } from 'vitest';
import { LinkKind } from '@studio/contract/links';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { writingMessages } from './messages';

describe('the writing catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(writingMessages.ko, writingMessages.en)).toEqual([]);
  });

  it('names every link kind in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages: Record<string, string> = writingMessages[locale];
      for (const kind of LinkKind.options) expect(messages[`linkKind.${kind}`]?.trim(), kind).toBeTruthy();
    }
  });

  it('uses the spec texts for the upload failure and the field checks', () => {
    expect(writingMessages.ko['image.failed']).toBe('이미지 업로드에 실패했습니다.');
    expect(writingMessages.ko['post.required']).toBe('필수 입력 정보입니다.');
    expect(writingMessages.ko['post.linkInvalid']).toBe('입력한 정보를 다시 확인해 주세요.');
  });
});
