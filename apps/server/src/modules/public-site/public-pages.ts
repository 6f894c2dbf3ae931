import type { ContentKind } from '@studio/contract/enums';
import { formatKstDate } from '@studio/contract/format';
import { livePaths } from '@studio/contract/live';
import { publicSitePaths } from '@studio/contract/public-site';
import { escapeHtml } from '../../accounts/pages';
import { plainTextToRichText } from '../../lib/sanitize-html';
import { BEACON_SCRIPT_PATH } from './beacon-script';
import type { PublicChannelRow, PublicLiveRow } from './public-site-repository';
import type { ChannelPage, ContentPage, LivePage, PublicContent } from './public-site-service';

// The public pages: server-rendered HTML whose only script is a content page's beacon, a same-origin file
// (beacon-script.ts, within the CSP's script-src 'self'), and one small stylesheet inline (style-src
// allows it) so a phone needs one request before it paints.
// Every value is escaped; the only markup passed through is a body already sanitised by the service.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f6f7f9;color:#111827;font:16px/1.6 "Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",system-ui,sans-serif;-webkit-text-size-adjust:100%;word-break:keep-all;overflow-wrap:anywhere}
a{color:#2563eb}
header{background:#fff;border-bottom:1px solid #e5e7eb}
header a{display:flex;align-items:center;gap:10px;max-width:760px;margin:0 auto;padding:12px 16px;color:inherit;font-weight:700;text-decoration:none}
.avatar{width:32px;height:32px;border-radius:50%;object-fit:cover;background:#e5e7eb;flex:none}
main{max-width:760px;margin:0 auto;padding:20px 16px 48px}
h1{font-size:1.5rem;line-height:1.35;margin:0 0 6px}
.channel{display:flex;align-items:center;gap:12px}
.channel .avatar{width:48px;height:48px}
.channel h1{margin:0}
h2{font-size:1.1rem;margin:28px 0 8px}
.meta{color:#6b7280;font-size:.875rem;margin:0 0 16px}
.badge{display:inline-block;padding:0 8px;border-radius:999px;background:#e5e7eb;font-size:.75rem;font-weight:700;margin-right:6px;vertical-align:1px}
.badge.on{background:#dc2626;color:#fff}
.cover,.body img,.images img{display:block;max-width:100%;height:auto;border-radius:8px;margin:0 0 16px}
.body figure{margin:0 0 16px}
.body blockquote{margin:0 0 16px;padding-left:12px;border-left:3px solid #d1d5db;color:#374151}
.body pre{overflow-x:auto;background:#f3f4f6;padding:12px;border-radius:8px}
video{display:block;width:100%;max-height:80vh;background:#000;border-radius:8px;margin:0 0 12px}
video.live{aspect-ratio:16/9}
video.loop{width:auto;max-width:100%;aspect-ratio:9/16;margin:0 auto 12px}
.note{color:#6b7280;font-size:.875rem}
ul.list{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #e5e7eb;border-radius:12px}
ul.list li+li{border-top:1px solid #e5e7eb}
ul.list a{display:flex;gap:12px;align-items:center;padding:12px;color:inherit;text-decoration:none}
ul.list a:hover .title{text-decoration:underline}
.thumb{width:96px;aspect-ratio:16/9;flex:none;border-radius:6px;background:#e5e7eb;object-fit:cover}
.item{min-width:0}
.title{display:block;font-weight:600;overflow:hidden;text-overflow:ellipsis;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.item .meta{margin:0}
.empty{color:#6b7280}
nav.pager{display:flex;justify-content:space-between;gap:12px;margin:16px 0 0}
nav.pager a{display:inline-block;padding:10px 14px;min-height:44px;background:#fff;border:1px solid #e5e7eb;border-radius:8px;text-decoration:none;font-weight:600}
nav.pager a[rel=next]{margin-left:auto}
`;

/**
 * The site's texts added with paging, in both languages. Pages are written in Korean today
 * (`<html lang="ko">`: the site has no language choice yet), so PAGE_LANGUAGE picks them; a
 * choice of language would pick another entry here.
 */
const PAGING_TEXTS = {
  ko: {
    older: '이전 콘텐츠',
    newest: '최신 콘텐츠',
    noOlder: '더 이전에 공개된 콘텐츠가 없습니다.',
    badAddressTitle: '페이지 주소가 올바르지 않습니다',
    badAddress: '목록 위치(before)를 읽을 수 없습니다. 채널의 최신 콘텐츠부터 다시 보세요.',
    code: '오류 코드',
  },
  en: {
    older: 'Older contents',
    newest: 'Newest contents',
    noOlder: 'No contents were published before these.',
    badAddressTitle: 'This page address is not valid',
    badAddress: "The list position (before) can't be read. Start again from the channel's newest contents.",
    code: 'Error code',
  },
} as const;
const PAGE_LANGUAGE = 'ko' satisfies keyof typeof PAGING_TEXTS;
const paging = PAGING_TEXTS[PAGE_LANGUAGE];

const KIND_LABELS: Record<ContentKind, string> = { CONTENT_VIEW: '콘텐츠', SHORTS: '루프', NEWS: '뉴스', POST: '포스트', LIVE: '라이브' };
const UNTITLED = '제목 없음';

/** A stored media address (`/media/…`) as the absolute URL Open Graph asks for; an absolute one stays. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

type Head = { title: string; type: 'website' | 'article' | 'video.other'; path: string; image: string | null; siteName?: string };

function document(publicUrl: string, head: Head, body: string): string {
  const url = `${publicUrl}${head.path}`;
  const og = [
    ['og:title', head.title],
    ['og:type', head.type],
    ['og:url', url],
    ...(head.image ? [['og:image', absoluteUrl(publicUrl, head.image)]] : []),
    ...(head.siteName ? [['og:site_name', head.siteName]] : []),
  ];
  return (
    `<!doctype html><html lang="ko"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    // No favicon to fetch: a phone's first visit makes one request fewer (img-src allows data:).
    `<link rel="icon" href="data:,">` +
    `<title>${escapeHtml(head.title)}</title>` +
    `<link rel="canonical" href="${escapeHtml(url)}">` +
    og.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`).join('') +
    `<style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

const avatarOf = (channel: PublicChannelRow) =>
  channel.profile_image_url ? `<img class="avatar" src="${escapeHtml(channel.profile_image_url)}" alt="">` : `<span class="avatar"></span>`;

/** A content's or live's page leads back to its channel. */
function channelHeader(channel: PublicChannelRow): string {
  return `<header><a href="${publicSitePaths.channel(channel.id)}">${avatarOf(channel)}<span>${escapeHtml(channel.name)}</span></a></header>`;
}

const titleOf = (title: string) => title.trim() || UNTITLED;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** The picture a content is known by: its thumbnail, else its cover image. */
const pictureOf = (content: PublicContent) => content.thumbnailUrl ?? content.coverImage?.url ?? null;

function contentItem(channelId: number, content: PublicContent): string {
  const picture = pictureOf(content);
  const thumb = picture ? `<img class="thumb" src="${escapeHtml(picture)}" alt="" loading="lazy">` : `<span class="thumb"></span>`;
  return (
    `<li><a href="${content.liveId ? publicSitePaths.live(channelId, content.liveId) : publicSitePaths.content(channelId, content.id)}">${thumb}<span class="item">` +
    `<span class="title">${escapeHtml(titleOf(content.title))}</span>` +
    `<span class="meta">${KIND_LABELS[content.kind]} · ${formatKstDate(content.shownAt)}</span></span></a></li>`
  );
}

const onAir = (live: PublicLiveRow) => live.status === 'START';
const liveBadge = (live: PublicLiveRow) => (onAir(live) ? `<span class="badge on">방송 중</span>` : `<span class="badge">다시보기</span>`);
const liveDate = (live: PublicLiveRow) => live.ended_at ?? live.started_at;

function liveItem(channelId: number, live: PublicLiveRow): string {
  const thumb = live.thumbnail_url ? `<img class="thumb" src="${escapeHtml(live.thumbnail_url)}" alt="" loading="lazy">` : `<span class="thumb"></span>`;
  const date = liveDate(live);
  return (
    `<li><a href="${publicSitePaths.live(channelId, live.id)}">${thumb}<span class="item">` +
    `<span class="title">${escapeHtml(titleOf(live.title))}</span>` +
    `<span class="meta">${liveBadge(live)}${date ? formatKstDate(date) : ''}</span></span></a></li>`
  );
}

/** Links between a channel's pages: back to the newest (on an older page) and on to older contents (when there are any). */
function pager(channelId: number, page: ChannelPage): string {
  const links = [
    page.before ? `<a href="${publicSitePaths.channel(channelId)}" rel="start">← ${paging.newest}</a>` : '',
    page.older ? `<a href="${escapeHtml(publicSitePaths.channel(channelId, page.older))}" rel="next">${paging.older} →</a>` : '',
  ].join('');
  return links ? `<nav class="pager">${links}</nav>` : '';
}

export function renderChannelPage(publicUrl: string, page: ChannelPage): string {
  const { channel, contents, lives } = page;
  const picture = channel.profile_image_url;
  const livesSection = lives.length ? `<h2>라이브</h2><ul class="list">${lives.map((live) => liveItem(channel.id, live)).join('')}</ul>` : '';
  const contentsList = contents.length
    ? `<ul class="list">${contents.map((content) => contentItem(channel.id, content)).join('')}</ul>`
    : `<p class="empty">${page.before ? paging.noOlder : '아직 공개된 콘텐츠가 없습니다.'}</p>`;
  return document(
    publicUrl,
    // An older page's address keeps its cursor: it is the page's own, stable address.
    { title: channel.name, type: 'website', path: publicSitePaths.channel(channel.id, page.before), image: picture },
    `<main><div class="channel">${avatarOf(channel)}<h1>${escapeHtml(channel.name)}</h1></div>${livesSection}<h2>콘텐츠</h2>${contentsList}${pager(channel.id, page)}</main>`,
  );
}

/** The player or the text of a content, by kind. */
function contentBody(content: PublicContent): string {
  const poster = pictureOf(content);
  if (content.videoUrl) {
    const loop = content.kind === 'SHORTS' ? ' class="loop"' : '';
    const posterAttribute = poster ? ` poster="${escapeHtml(poster)}"` : '';
    return `<video${loop} controls playsinline preload="metadata"${posterAttribute} src="${escapeHtml(content.videoUrl)}"></video><div class="body">${content.html}</div>`;
  }
  const cover = content.coverImage
    ? `<img class="cover" src="${escapeHtml(content.coverImage.url)}" alt="" width="${content.coverImage.width}" height="${content.coverImage.height}">`
    : '';
  // An article's images sit in its body already; a post's are beside its text.
  const images =
    content.kind === 'POST' && content.images.length
      ? `<div class="images">${content.images.map((image) => `<img src="${escapeHtml(image.url)}" alt="" width="${image.width}" height="${image.height}" loading="lazy">`).join('')}</div>`
      : '';
  const link =
    content.link && isWebLink(content.link.url)
      ? `<p><a href="${escapeHtml(content.link.url)}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(content.link.url)}</a></p>`
      : '';
  return `${cover}<div class="body">${content.html}</div>${images}${link}`;
}

export function renderContentPage(publicUrl: string, page: ContentPage): string {
  const { channel, content } = page;
  const title = titleOf(content.title);
  const video = content.videoUrl !== null;
  return document(
    publicUrl,
    { title, type: video ? 'video.other' : 'article', path: publicSitePaths.content(channel.id, content.id), image: pictureOf(content), siteName: channel.name },
    `${channelHeader(channel)}<main><article data-view-content="${content.id}"><h1>${escapeHtml(title)}</h1>` +
      `<p class="meta">${KIND_LABELS[content.kind]} · ${formatKstDate(content.shownAt)}</p>${contentBody(content)}</article></main>` +
      // The one script of the site: it reports the view (beacon-script.ts).
      `<script src="${BEACON_SCRIPT_PATH}" defer></script>`,
  );
}

export function renderLivePage(publicUrl: string, page: LivePage): string {
  const { channel, live } = page;
  const title = titleOf(live.title);
  // An ended live plays its replay's own playlist (a trimmed one has its own name).
  const playlist = (live.status === 'END' ? live.replay_video_url : null) ?? livePaths.publicPlaylist(live.id);
  const poster = live.thumbnail_url ? ` poster="${escapeHtml(live.thumbnail_url)}"` : '';
  const date = liveDate(live);
  // HLS without a script: Safari (and Chrome on Android) play the playlist in <video>; elsewhere the link opens it.
  const player =
    `<video class="live" controls playsinline preload="none"${poster} src="${playlist}"></video>` +
    `<p class="note">재생되지 않으면 <a href="${playlist}">HLS 주소</a>를 HLS를 지원하는 플레이어로 여세요.</p>`;
  const description = live.description.trim() ? `<div class="body">${plainTextToRichText(live.description)}</div>` : '';
  const body = `<h1>${escapeHtml(title)}</h1><p class="meta">${liveBadge(live)}${date ? formatKstDate(date) : ''}</p>${player}${description}`;
  return document(
    publicUrl,
    { title, type: 'video.other', path: publicSitePaths.live(channel.id, live.id), image: live.thumbnail_url, siteName: channel.name },
    // A live on air says its viewers are there (their concurrent count); a replay is a content: its page reports its views like any content page (beacon-script.ts).
    live.status === 'START'
      ? `${channelHeader(channel)}<main><article data-live-presence="${live.id}">${body}</article></main><script src="${BEACON_SCRIPT_PATH}" defer></script>`
      : live.replay_content_id === null
        ? `${channelHeader(channel)}<main>${body}</main>`
        : `${channelHeader(channel)}<main><article data-view-content="${live.replay_content_id}">${body}</article></main><script src="${BEACON_SCRIPT_PATH}" defer></script>`,
  );
}

/** A channel page asked with a cursor that is not one (400): says so, names the code, and leads to the newest page. */
export function renderBadCursorPage(channelId: number, code: string): string {
  return (
    `<!doctype html><html lang="${PAGE_LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${paging.badAddressTitle}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${paging.badAddressTitle}</h1><p class="empty">${paging.badAddress}</p>` +
    `<p class="note" data-code="${escapeHtml(code)}">${paging.code}: ${escapeHtml(code)}</p>` +
    `<nav class="pager"><a href="${publicSitePaths.channel(channelId)}" rel="start">← ${paging.newest}</a></nav></main></body></html>`
  );
}

/** One page for every reason a page is not public, so the answer does not tell which. */
export function renderNotFoundPage(): string {
  return (
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>페이지를 찾을 수 없습니다</title><style>${STYLE}</style></head>` +
    `<body><main><h1>페이지를 찾을 수 없습니다.</h1><p class="empty">비공개로 바뀌었거나 삭제되었거나 주소가 잘못된 페이지입니다.</p></main></body></html>`
  );
}
