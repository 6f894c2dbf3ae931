import type { ContentKind } from '@studio/contract/enums';
import { formatKstDate } from '@studio/contract/format';
import { toKoreanParts } from '@studio/contract/korea-time';

/**
 * The public site's two languages (issue 23: Korean and English throughout). A reader has no account
 * here, so the page follows the browser's Accept-Language, and `?lang=` (the footer's switch) overrides
 * it; a chosen language stays in the site's own links. Korean, the portal's own, when neither says.
 */
export const SITE_LANGUAGES = ['ko', 'en'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** The language a page is written in, and whether the reader chose it (then links carry `?lang=`). */
export type SiteView = { language: SiteLanguage; chosen: boolean };

export const DEFAULT_SITE_VIEW: SiteView = { language: 'ko', chosen: false };

const isSiteLanguage = (value: string): value is SiteLanguage => (SITE_LANGUAGES as readonly string[]).includes(value);

/** `?lang=` when it names one of the site's languages, else the best of Accept-Language's ranges (RFC 9110 q-values). */
export function siteViewOf(lang: unknown, acceptLanguage: string | undefined): SiteView {
  if (typeof lang === 'string' && isSiteLanguage(lang)) return { language: lang, chosen: true };
  let best: { language: SiteLanguage; q: number } | undefined;
  for (const range of (acceptLanguage ?? '').slice(0, 512).split(',')) {
    const [tag = '', ...parameters] = range.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0] ?? '';
    if (!isSiteLanguage(primary)) continue;
    const qParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return { language: best?.language ?? DEFAULT_SITE_VIEW.language, chosen: false };
}

/** A site path as this reader's links write it: with `lang` when the reader chose one. */
export function siteHref(path: string, view: SiteView): string {
  if (!view.chosen) return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${view.language}`;
}

/** The same page in the other language (the footer's switch): the path with its query, `lang` replaced. */
export function otherLanguageHref(path: string, view: SiteView): { href: string; language: SiteLanguage } {
  const language: SiteLanguage = view.language === 'ko' ? 'en' : 'ko';
  const [pathname = '', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', language);
  return { href: `${pathname}?${params.toString()}`, language };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A date in Korean time, as each language writes it: 2026.11.22 / Nov 22, 2026. */
export function siteDate(date: Date, language: SiteLanguage): string {
  if (language === 'ko') return formatKstDate(date);
  const { year, month, day } = toKoreanParts(date);
  return `${MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}

type SiteTexts = {
  kinds: Record<ContentKind, string>;
  untitled: string;
  onAir: string;
  replay: string;
  lives: string;
  contents: string;
  noContents: string;
  older: string;
  newest: string;
  noOlder: string;
  badAddressTitle: string;
  badAddress: string;
  code: string;
  /** The live player's fallback: before the link, the link's words, after it. */
  hlsBefore: string;
  hlsLink: string;
  hlsAfter: string;
  notFoundTitle: string;
  notFound: string;
  /** The footer's switch, written in the language it switches to. */
  languageName: string;
};

export const SITE_TEXTS: Record<SiteLanguage, SiteTexts> = {
  ko: {
    kinds: { CONTENT_VIEW: '콘텐츠', SHORTS: '루프', NEWS: '뉴스', POST: '포스트', LIVE: '라이브' },
    untitled: '제목 없음',
    onAir: '방송 중',
    replay: '다시보기',
    lives: '라이브',
    contents: '콘텐츠',
    noContents: '아직 공개된 콘텐츠가 없습니다.',
    older: '이전 콘텐츠',
    newest: '최신 콘텐츠',
    noOlder: '더 이전에 공개된 콘텐츠가 없습니다.',
    badAddressTitle: '페이지 주소가 올바르지 않습니다',
    badAddress: '목록 위치(before)를 읽을 수 없습니다. 채널의 최신 콘텐츠부터 다시 보세요.',
    code: '오류 코드',
    hlsBefore: '재생되지 않으면 ',
    hlsLink: 'HLS 주소',
    hlsAfter: '를 HLS를 지원하는 플레이어로 여세요.',
    notFoundTitle: '페이지를 찾을 수 없습니다',
    notFound: '비공개로 바뀌었거나 삭제되었거나 주소가 잘못된 페이지입니다.',
    languageName: '한국어',
  },
  en: {
    kinds: { CONTENT_VIEW: 'Contents', SHORTS: 'Loop', NEWS: 'News', POST: 'Post', LIVE: 'Live' },
    untitled: 'Untitled',
    onAir: 'On air',
    replay: 'Replay',
    lives: 'Lives',
    contents: 'Contents',
    noContents: 'Nothing has been published yet.',
    older: 'Older contents',
    newest: 'Newest contents',
    noOlder: 'No contents were published before these.',
    badAddressTitle: 'This page address is not valid',
    badAddress: "The list position (before) can't be read. Start again from the channel's newest contents.",
    code: 'Error code',
    hlsBefore: "If it doesn't play, open the ",
    hlsLink: 'HLS address',
    hlsAfter: ' in a player that supports HLS.',
    notFoundTitle: 'Page not found',
    notFound: 'This page was made private, deleted, or its address is wrong.',
    languageName: 'English',
  },
};
