import { describe, expect, it } from 'vitest';
import { absoluteUrl, renderChannelPage, renderContentPage, renderNotFoundPage } from './public-pages';
import { DEFAULT_SITE_VIEW, siteViewOf } from './site-language';
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
  const html = renderContentPage('https://studio.example', { channel, content }, DEFAULT_SITE_VIEW);

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
    expect(renderNotFoundPage(DEFAULT_SITE_VIEW)).toContain('<h1>페이지를 찾을 수 없습니다.</h1>');
    expect(renderNotFoundPage({ language: 'en', chosen: false })).toContain('<html lang="en">');
  });
});

describe('siteViewOf', () => {
  it('follows ?lang= first, then the best-weighted of Korean and English in Accept-Language, else Korean', () => {
    expect(siteViewOf('en', 'ko-KR,ko;q=0.9')).toEqual({ language: 'en', chosen: true });
    expect(siteViewOf(undefined, 'en-US,en;q=0.9,ko;q=0.8')).toEqual({ language: 'en', chosen: false });
    expect(siteViewOf(undefined, 'fr-FR,ko;q=0.5,en;q=0.7')).toEqual({ language: 'en', chosen: false });
    expect(siteViewOf(undefined, 'ko,en;q=0.9')).toEqual({ language: 'ko', chosen: false });
    expect(siteViewOf(undefined, 'en;q=0,ko;q=0.1')).toEqual({ language: 'ko', chosen: false });
    expect(siteViewOf(undefined, 'de-DE')).toEqual({ language: 'ko', chosen: false });
    expect(siteViewOf(undefined, undefined)).toEqual({ language: 'ko', chosen: false });
    // Anything else in lang (a list, a third language) is ignored, not an error.
    expect(siteViewOf(['en', 'ko'], 'ko')).toEqual({ language: 'ko', chosen: false });
    expect(siteViewOf('fr', 'en')).toEqual({ language: 'en', chosen: false });
  });
});

describe('the English site', () => {
  const en = { language: 'en', chosen: true } as const;

  it('writes the page in English, dates it in Korean time the English way, and keeps the chosen language in its links', () => {
    const page = renderContentPage('https://studio.example', { channel, content: { ...content, title: '' } }, en);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Untitled</h1>');
    expect(page).toContain('Post · Nov 22, 2026');
    expect(page).toContain('<header><a href="/c/3?lang=en">');
    // The switch back names Korean in Korean and keeps the page.
    expect(page).toContain('<a href="/c/3/9?lang=ko" hreflang="ko" lang="ko">한국어</a>');
  });

  it('pages a channel with the language kept beside the cursor', () => {
    const page = renderChannelPage(
      'https://studio.example',
      { channel, contents: [content], lives: [], before: undefined, older: { at: '2026-11-21T16:00:00.000000Z', id: 9 } },
      en,
    );
    expect(page).toContain('<h2>Contents</h2>');
    expect(page).toMatch(/href="\/c\/3\?before=[^"&]+&amp;lang=en" rel="next">Older contents →/);
    expect(page).toContain('<a href="/c/3/9?lang=en">');
  });
});
