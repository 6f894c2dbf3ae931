import { describe, expect, it } from 'vitest';
import { absoluteUrl, renderContentPage, renderNotFoundPage } from './public-pages';
import type { PublicContent } from './public-site-service';

const channel = { id: 3, name: '"채널" <i>', profile_image_url: null };
const content: PublicContent = {
  id: 9,
  kind: 'POST',
  title: '</title><script>alert(1)</script>',
  html: '<p>이미 안전한 본문</p>',
  coverImage: null,
  images: [{ id: 1, url: '/media/images/"a".jpg', width: 10, height: 20 }],
  link: { url: 'javascript:alert(1)', kind: 'OTHER' },
  thumbnailUrl: null,
  videoUrl: null,
  liveId: null,
  shownAt: new Date('2026-11-21T16:00:00Z'),
};

describe('absoluteUrl', () => {
  it('puts a stored path under PUBLIC_URL and leaves an absolute address alone', () => {
    expect(absoluteUrl('https://studio.example', '/media/a.jpg')).toBe('https://studio.example/media/a.jpg');
    expect(absoluteUrl('https://studio.example', 'media/a.jpg')).toBe('https://studio.example/media/a.jpg');
    expect(absoluteUrl('https://studio.example', 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
  });
});

describe('renderContentPage', () => {
  const html = renderContentPage('https://studio.example', { channel, content });

  it('escapes every value and passes only the sanitised body through', () => {
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('<meta property="og:site_name" content="&quot;채널&quot; &lt;i&gt;">');
    expect(html).toContain('src="/media/images/&quot;a&quot;.jpg"');
    expect(html).toContain('<div class="body"><p>이미 안전한 본문</p></div>');
    // No script from any value: the one script tag is the site's own beacon.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/c/beacon.js" defer>']);
  });

  it('shows a link only when it is a web address', () => {
    expect(html).not.toContain('javascript:');
  });

  it('dates the content in Korean time', () => {
    expect(html).toContain('포스트 · 2026.11.22');
  });
});

describe('renderNotFoundPage', () => {
  it('names no reason', () => {
    expect(renderNotFoundPage()).toContain('<h1>페이지를 찾을 수 없습니다.</h1>');
  });
});
