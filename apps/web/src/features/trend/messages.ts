import { useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of the trend page (issue 23, point 5): loaded with that page only. */
const ko = {
  'page.range': '한국 시간 {from} ~ {to} 기준',
  'period.label': '기간',
  'period.hours': '{count}시간',
  'period.days': '{count}일',
  'filter.label': '필터',
  'filter.kind': '콘텐츠 종류',
  'filter.channelType': '채널 유형',
  'filter.all': '전체',

  'kind.CONTENT_VIEW': '콘텐츠',
  'kind.SHORTS': '루프',
  'kind.NEWS': '뉴스',
  'kind.POST': '포스트',
  'kind.LIVE': '라이브',

  'top.title': '많이 본 콘텐츠',
  'top.note': '이 기간 조회수가 많은 순서입니다.',
  'top.empty': '이 기간에 조회된 콘텐츠가 없습니다.',
  'rising.title': '급상승 콘텐츠',
  'rising.note': '바로 앞 같은 기간보다 조회수가 많이 오른 순서입니다. 조회수 {min}회 이상인 콘텐츠만 보여 줍니다.',
  'rising.empty': '이 기간에 조회수가 오른 콘텐츠가 없습니다.',
  'empty.description': '공개 페이지에서 콘텐츠가 열리거나 재생되면 1분 안에 조회수가 집계됩니다.',

  'item.rank': '{rank}위',
  'item.views': '조회수 {count}',
  'item.previous': '이전 기간 {count}',
  'item.growth': '{change}',
  'item.new': '신규',
  'item.own': '내 채널',
  'item.open': '{title} 공개 페이지 (새 탭)',
} as const;

export type TrendMessageKey = keyof typeof ko;

const en: Record<TrendMessageKey, string> = {
  'page.range': '{from} – {to}, Korean time',
  'period.label': 'Period',
  'period.hours': '{count} hours',
  'period.days': '{count} days',
  'filter.label': 'Filters',
  'filter.kind': 'Content kind',
  'filter.channelType': 'Channel type',
  'filter.all': 'All',

  'kind.CONTENT_VIEW': 'Contents',
  'kind.SHORTS': 'Loop',
  'kind.NEWS': 'News',
  'kind.POST': 'Post',
  'kind.LIVE': 'Live',

  'top.title': 'Most viewed',
  'top.note': 'The most views in this period first.',
  'top.empty': 'No content was viewed in this period.',
  'rising.title': 'Rising',
  'rising.note': 'The biggest growth in views against the period just before first. Only contents with at least {min} views.',
  'rising.empty': 'No content gained views in this period.',
  'empty.description': 'Views are counted within a minute when a content is opened or played on its public page.',

  'item.rank': 'No. {rank}',
  'item.views': '{count} views',
  'item.previous': '{count} before',
  'item.growth': '{change}',
  'item.new': 'New',
  'item.own': 'My channel',
  'item.open': 'Public page of {title} (new tab)',
};

export const trendMessages = { ko, en };

export type TrendT = (key: TrendMessageKey, params?: Record<string, string | number>) => string;

export function useTrendT(): TrendT {
  return useCatalogueT(trendMessages);
}
