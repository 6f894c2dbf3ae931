import { livePaths } from '@studio/contract/live';
import { publicSitePaths } from '@studio/contract/public-site';
import { escapeHtml } from '../../accounts/pages';
import { plainTextToRichText } from '../../lib/sanitize-html';
import { BEACON_SCRIPT_PATH } from './beacon-script';
import { LIVE_PLAYER_SCRIPT_PATH } from './live-player-script';
import { otherLanguageHref, SITE_TEXTS, siteDate, siteHref, type SiteView } from './site-language';
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
footer{max-width:760px;margin:0 auto;padding:0 16px 32px;font-size:.875rem}
footer a{display:inline-block;padding:10px 0;min-height:44px}
`;


/** A stored media address (`/media/…`) as the absolute URL Open Graph asks for; an absolute one stays. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

type Head = { title: string; type: 'website' | 'article' | 'video.other'; path: string; image: string | null; siteName?: string };

/** The footer's switch to the same page in the other language, named in that language. */
function languageSwitch(path: string, view: SiteView): string {
  const other = otherLanguageHref(path, view);
  return `<footer><a href="${escapeHtml(other.href)}" hreflang="${other.language}" lang="${other.language}">${SITE_TEXTS[other.language].languageName}</a></footer>`;
}

function document(publicUrl: string, head: Head, body: string, view: SiteView): string {
  const url = `${publicUrl}${head.path}`;
  const og = [
    ['og:title', head.title],
    ['og:type', head.type],
    ['og:url', url],
    ...(head.image ? [['og:image', absoluteUrl(publicUrl, head.image)]] : []),
    ...(head.siteName ? [['og:site_name', head.siteName]] : []),
  ];
  return (
    `<!doctype html><html lang="${view.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    // No favicon to fetch: a phone's first visit makes one request fewer (img-src allows data:).
    `<link rel="icon" href="data:,">` +
    `<title>${escapeHtml(head.title)}</title>` +
    `<link rel="canonical" href="${escapeHtml(url)}">` +
    og.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`).join('') +
    `<style>${STYLE}</style></head><body>${body}${languageSwitch(head.path, view)}</body></html>`
  );
}

const avatarOf = (channel: PublicChannelRow) =>
  channel.profile_image_url ? `<img class="avatar" src="${escapeHtml(channel.profile_image_url)}" alt="">` : `<span class="avatar"></span>`;

/** A content's or live's page leads back to its channel. */
function channelHeader(channel: PublicChannelRow, view: SiteView): string {
  return `<header><a href="${siteHref(publicSitePaths.channel(channel.id), view)}">${avatarOf(channel)}<span>${escapeHtml(channel.name)}</span></a></header>`;
}

const titleOf = (title: string, view: SiteView) => title.trim() || SITE_TEXTS[view.language].untitled;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** The picture a content is known by: its thumbnail, else its cover image. */
const pictureOf = (content: PublicContent) => content.thumbnailUrl ?? content.coverImage?.url ?? null;

function contentItem(channelId: number, content: PublicContent, view: SiteView): string {
  const texts = SITE_TEXTS[view.language];
  const picture = pictureOf(content);
  const thumb = picture ? `<img class="thumb" src="${escapeHtml(picture)}" alt="" loading="lazy">` : `<span class="thumb"></span>`;
  return (
    `<li><a href="${siteHref(content.liveId ? publicSitePaths.live(channelId, content.liveId) : publicSitePaths.content(channelId, content.id), view)}">${thumb}<span class="item">` +
    `<span class="title">${escapeHtml(titleOf(content.title, view))}</span>` +
    `<span class="meta">${texts.kinds[content.kind]} · ${siteDate(content.shownAt, view.language)}</span></span></a></li>`
  );
}

const onAir = (live: PublicLiveRow) => live.status === 'START';
const liveBadge = (live: PublicLiveRow, view: SiteView) =>
  onAir(live) ? `<span class="badge on">${SITE_TEXTS[view.language].onAir}</span>` : `<span class="badge">${SITE_TEXTS[view.language].replay}</span>`;
const liveDate = (live: PublicLiveRow) => live.ended_at ?? live.started_at;

function liveItem(channelId: number, live: PublicLiveRow, view: SiteView): string {
  const thumb = live.thumbnail_url ? `<img class="thumb" src="${escapeHtml(live.thumbnail_url)}" alt="" loading="lazy">` : `<span class="thumb"></span>`;
  const date = liveDate(live);
  return (
    `<li><a href="${siteHref(publicSitePaths.live(channelId, live.id), view)}">${thumb}<span class="item">` +
    `<span class="title">${escapeHtml(titleOf(live.title, view))}</span>` +
    `<span class="meta">${liveBadge(live, view)}${date ? siteDate(date, view.language) : ''}</span></span></a></li>`
  );
}

/** Links between a channel's pages: back to the newest (on an older page) and on to older contents (when there are any). */
function pager(channelId: number, page: ChannelPage, view: SiteView): string {
  const paging = SITE_TEXTS[view.language];
  const links = [
    page.before ? `<a href="${siteHref(publicSitePaths.channel(channelId), view)}" rel="start">← ${paging.newest}</a>` : '',
    page.older ? `<a href="${escapeHtml(siteHref(publicSitePaths.channel(channelId, page.older), view))}" rel="next">${paging.older} →</a>` : '',
  ].join('');
  return links ? `<nav class="pager">${links}</nav>` : '';
}

export function renderChannelPage(publicUrl: string, page: ChannelPage, view: SiteView): string {
  const { channel, contents, lives } = page;
  const texts = SITE_TEXTS[view.language];
  const picture = channel.profile_image_url;
  const livesSection = lives.length ? `<h2>${texts.lives}</h2><ul class="list">${lives.map((live) => liveItem(channel.id, live, view)).join('')}</ul>` : '';
  const contentsList = contents.length
    ? `<ul class="list">${contents.map((content) => contentItem(channel.id, content, view)).join('')}</ul>`
    : `<p class="empty">${page.before ? texts.noOlder : texts.noContents}</p>`;
  return document(
    publicUrl,
    // An older page's address keeps its cursor: it is the page's own, stable address.
    { title: channel.name, type: 'website', path: publicSitePaths.channel(channel.id, page.before), image: picture },
    `<main><div class="channel">${avatarOf(channel)}<h1>${escapeHtml(channel.name)}</h1></div>${livesSection}<h2>${texts.contents}</h2>${contentsList}${pager(channel.id, page, view)}</main>`,
    view,
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

export function renderContentPage(publicUrl: string, page: ContentPage, view: SiteView): string {
  const { channel, content } = page;
  const title = titleOf(content.title, view);
  const video = content.videoUrl !== null;
  return document(
    publicUrl,
    { title, type: video ? 'video.other' : 'article', path: publicSitePaths.content(channel.id, content.id), image: pictureOf(content), siteName: channel.name },
    `${channelHeader(channel, view)}<main><article data-view-content="${content.id}"><h1>${escapeHtml(title)}</h1>` +
      `<p class="meta">${SITE_TEXTS[view.language].kinds[content.kind]} · ${siteDate(content.shownAt, view.language)}</p>${contentBody(content)}</article></main>` +
      // The one script of the site: it reports the view (beacon-script.ts).
      `<script src="${BEACON_SCRIPT_PATH}" defer></script>`,
    view,
  );
}

export function renderLivePage(publicUrl: string, page: LivePage, view: SiteView): string {
  const { channel, live } = page;
  const texts = SITE_TEXTS[view.language];
  const title = titleOf(live.title, view);
  // An ended live plays its replay's own playlist (a trimmed one has its own name).
  const playlist = (live.status === 'END' ? live.replay_video_url : null) ?? livePaths.publicPlaylist(live.id);
  const poster = live.thumbnail_url ? ` poster="${escapeHtml(live.thumbnail_url)}"` : '';
  const date = liveDate(live);
  // Safari (and Chrome on Android) play the playlist in <video>; other browsers through hls.js, which the
  // player script fetches only for them (live-player-script.ts); the link is for a browser with neither.
  const player =
    `<video class="live" controls playsinline preload="none"${poster} src="${playlist}"></video>` +
    `<p class="note">${texts.hlsBefore}<a href="${playlist}">${texts.hlsLink}</a>${texts.hlsAfter}</p>` +
    `<script src="${LIVE_PLAYER_SCRIPT_PATH}" defer></script>`;
  const description = live.description.trim() ? `<div class="body">${plainTextToRichText(live.description)}</div>` : '';
  const body = `<h1>${escapeHtml(title)}</h1><p class="meta">${liveBadge(live, view)}${date ? siteDate(date, view.language) : ''}</p>${player}${description}`;
  return document(
    publicUrl,
    { title, type: 'video.other', path: publicSitePaths.live(channel.id, live.id), image: live.thumbnail_url, siteName: channel.name },
    // A live on air says its viewers are there (their concurrent count); a replay is a content: its page reports its views like any content page (beacon-script.ts).
    live.status === 'START'
      ? `${channelHeader(channel, view)}<main><article data-live-presence="${live.id}">${body}</article></main><script src="${BEACON_SCRIPT_PATH}" defer></script>`
      : live.replay_content_id === null
        ? `${channelHeader(channel, view)}<main>${body}</main>`
        : `${channelHeader(channel, view)}<main><article data-view-content="${live.replay_content_id}">${body}</article></main><script src="${BEACON_SCRIPT_PATH}" defer></script>`,
    view,
  );
}

/** A channel page asked with a cursor that is not one (400): says so, names the code, and leads to the newest page. */
export function renderBadCursorPage(channelId: number, code: string, view: SiteView): string {
  const paging = SITE_TEXTS[view.language];
  return (
    `<!doctype html><html lang="${view.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${paging.badAddressTitle}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${paging.badAddressTitle}</h1><p class="empty">${paging.badAddress}</p>` +
    `<p class="note" data-code="${escapeHtml(code)}">${paging.code}: ${escapeHtml(code)}</p>` +
    `<nav class="pager"><a href="${siteHref(publicSitePaths.channel(channelId), view)}" rel="start">← ${paging.newest}</a></nav></main></body></html>`
  );
}

/** One page for every reason a page is not public, so the answer does not tell which. */
export function renderNotFoundPage(view: SiteView): string {
  const texts = SITE_TEXTS[view.language];
  return (
    `<!doctype html><html lang="${view.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${texts.notFoundTitle}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${texts.notFoundTitle}.</h1><p class="empty">${texts.notFound}</p></main></body></html>`
  );
}
