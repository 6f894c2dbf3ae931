import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../../db/schema';
import { richTextHasContent } from '../../lib/sanitize-html';
import { channelRefusal, incompleteField, postTitle } from './content-rules';

const image = { id: 1, url: '/media/images/a.jpg', width: 10, height: 10 };

describe('incompleteField: what stops a content from going public', () => {
  it.each([
    ['an article with title and text', { kind: 'CONTENT_VIEW', title: '제목', body: '<p>본문</p>', images: [] }, null],
    ['an article with only an image', { kind: 'CONTENT_VIEW', title: '제목', body: '<figure><img src="/media/images/a.jpg"></figure>', images: [] }, null],
    ['an untitled article', { kind: 'CONTENT_VIEW', title: '  ', body: '<p>본문</p>', images: [] }, 'title'],
    ['an article the editor left empty', { kind: 'CONTENT_VIEW', title: '제목', body: '<p></p><p>&nbsp;</p>', images: [] }, 'body'],
    ['a post with text', { kind: 'POST', title: '', body: '안녕', images: [] }, null],
    ['a post with only images', { kind: 'POST', title: '', body: '', images: [image] }, null],
    ['an empty post', { kind: 'POST', title: '', body: '  ', images: [] }, 'body'],
    ['a loop with a title and no description', { kind: 'SHORTS', title: '루프', body: '', images: [] }, null],
    ['an untitled loop', { kind: 'SHORTS', title: ' ', body: '설명', images: [] }, 'title'],
  ] as const)('%s', (_name, row, expected) => {
    expect(incompleteField({ ...row, images: [...row.images] })).toBe(expected);
  });

  it('reads text through tags', () => {
    expect(richTextHasContent('<h2>소제목</h2>')).toBe(true);
    expect(richTextHasContent('<ul><li></li></ul>')).toBe(false);
  });
});

describe('postTitle', () => {
  it('is the first line, at most 80 characters, never cutting an emoji', () => {
    expect(postTitle('  첫 줄\n둘째 줄')).toBe('첫 줄');
    expect(Array.from(postTitle('😀'.repeat(100)))).toHaveLength(80);
  });
});

describe('channelRefusal: the create menu rule on the server', () => {
  const channel = (overrides: Partial<ChannelRow>) =>
    ({ status: 'SERVICE', use_document_write: true, use_post_write: true, shorts_status: 'SERVICE', live_status: 'SERVICE', ...overrides }) as ChannelRow;

  it('allows a kind whose option is on in a channel in service', () => {
    expect(channelRefusal(channel({}), 'CONTENT_VIEW')).toBeNull();
    expect(channelRefusal(channel({}), 'POST')).toBeNull();
  });

  it('refuses a channel out of service, an option that is off, and news (no create option)', () => {
    expect(channelRefusal(channel({ status: 'STOP' }), 'CONTENT_VIEW')).toBe('CHANNEL_NOT_IN_SERVICE');
    expect(channelRefusal(channel({ use_document_write: false }), 'CONTENT_VIEW')).toBe('OPTION_DISABLED');
    expect(channelRefusal(channel({ use_post_write: false }), 'POST')).toBe('OPTION_DISABLED');
    expect(channelRefusal(channel({}), 'NEWS')).toBe('OPTION_DISABLED');
  });
});
