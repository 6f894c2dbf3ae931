import { describe, expect, it } from 'vitest';
import { ContentKind, ContentStatus } from '@studio/contract/enums';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { contentStatusTone } from './components/content-labels';
import { bulkMessages } from './bulk-messages';
import { channelHomeMessages, channelLabelText, type ChannelHomeMessageKey } from './messages';

describe('the channel home catalogue', () => {
  it('labels every content status and kind in both languages, and gives every status a tone', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages: Record<string, string> = channelHomeMessages[locale];
      for (const status of ContentStatus.options) expect(messages[`contentStatus.${status}`]?.trim(), status).toBeTruthy();
      for (const kind of ContentKind.options) expect(messages[`contentKind.${kind}`]?.trim(), kind).toBeTruthy();
    }
    expect(Object.keys(contentStatusTone).sort()).toEqual([...ContentStatus.options].sort());
  });

  it('uses the Korean status names the studio speaks', () => {
    const { ko } = channelHomeMessages;
    expect(ko['contentStatus.PUBLIC']).toBe('공개');
    expect(ko['contentStatus.HIDDEN']).toBe('비공개');
    expect(ko['contentStatus.DRAFT']).toBe('임시저장');
    expect(ko['contentStatus.IN_PROCESSING']).toBe('처리 중');
    expect(ko['contentStatus.PUBLIC_RESERVATION']).toBe('공개 예약');
    expect(ko['contentStatus.REPORT_BLIND']).toBe('신고로 가려짐');
    // No two statuses read the same.
    const labels = ContentStatus.options.map((status) => ko[`contentStatus.${status}`]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(channelHomeMessages.ko, channelHomeMessages.en)).toEqual([]);
    expect(catalogueProblems(bulkMessages.ko, bulkMessages.en)).toEqual([]);
  });

  it('names the portal labels it knows in the reader’s language, and any other label as the operator wrote it', () => {
    const inEnglish = (key: ChannelHomeMessageKey) => channelHomeMessages.en[key];
    expect(channelLabelText(inEnglish, { code: 'OFFICIAL', name: '공식' })).toBe('Official');
    expect(channelLabelText(inEnglish, { code: 'NEWS_PARTNER', name: '뉴스 제휴' })).toBe('News partner');
    expect(channelLabelText(inEnglish, { code: 'LOCAL', name: '지역' })).toBe('지역');
    // The demo world's labels are the ones translated.
    expect(channelLabelText((key) => channelHomeMessages.ko[key], { code: 'OFFICIAL', name: '공식' })).toBe('공식');
  });

  it('names the view-on-site link with its visible text first, in both languages (WCAG 2.5.3)', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages = channelHomeMessages[locale];
      expect(messages['contents.viewOnSiteLabel'].startsWith(messages['contents.viewOnSite']), locale).toBe(true);
    }
  });
});
