import { useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of the channel insights page (issue 23): loaded with that page only. */
const ko = {
  'page.title': '{channel} 인사이트',
  'page.range': '한국 시간 {from} ~ {to}',
  'page.toChannel': '채널 홈으로',
  'period.label': '기간',
  'period.option': '{days}일',

  'summary.title': '요약',
  'summary.views': '조회수',
  'summary.watchTime': '시청 시간',
  'summary.averageView': '평균 시청 지속 시간',
  'summary.subscribers': '구독자',
  'summary.subscriberCount': '{count}명',
  'summary.previous': '이전 {days}일: {value}',
  'summary.change': '이전 기간보다 {change}',
  'summary.noChange': '이전 기간과 같음',
  'summary.newChange': '이전 기간에는 없음',
  'summary.unknown': '기록 없음',

  'subscribers.title': '구독자 추이',
  'subscribers.chart': '{from}부터 {to}까지 날짜별 구독자 수 그래프. 같은 수치가 아래 표에 있습니다.',
  'subscribers.table': '날짜별 구독자 수 표로 보기',
  'subscribers.caption': '날짜별 구독자 수 (그날의 마지막 기록)',
  'subscribers.change': '전날보다',

  'daily.title': '일별 조회수',
  'daily.chart': '{from}부터 {to}까지 일별 조회수 그래프. 같은 수치가 아래 표에 있습니다.',
  'daily.table': '일별 수치 표로 보기',
  'daily.caption': '일별 조회수, 시청 시간, 평균 시청 지속 시간',
  'daily.day': '날짜',

  'top.title': '인기 콘텐츠',
  'top.caption': '이 기간 조회수가 많은 콘텐츠',
  'top.content': '콘텐츠',
  'top.kind': '종류',
  'top.empty': '이 기간에 조회된 콘텐츠가 없습니다.',

  'retention.title': '루프 시청 지속률',
  'retention.chart': '{title}의 시청 지속률 그래프: 루프의 10% 구간마다 아직 시청 중인 조회의 비율. 같은 수치가 아래 표에 있습니다.',
  'retention.table': '{title} 시청 지속률 표로 보기',
  'retention.caption': '{title}: 구간별 시청 중인 비율 (조회 {views}회, 길이 {duration})',
  'retention.point': '구간',
  'retention.share': '시청 중인 비율',
  'retention.empty': '이 기간에 조회된 루프가 없습니다.',

  'lives.title': '라이브 동시 시청자',
  'lives.peak': '최고 동시 시청자 {peak}명',
  'lives.chart': '{title}의 분당 동시 시청자 그래프. 같은 수치가 아래 표에 있습니다.',
  'lives.table': '{title} 동시 시청자 표로 보기',
  'lives.caption': '{title}: 분마다 가장 많았던 동시 시청자 (한국 시간)',
  'lives.minute': '시각',
  'lives.viewers': '동시 시청자',
  'lives.empty': '이 기간에 동시 시청자가 집계된 라이브가 없습니다.',

  'empty.title': '이 기간에 집계된 조회가 없습니다.',
  'empty.description': '공개 페이지에서 콘텐츠가 열리거나 재생되면 1분 안에 조회수가 집계됩니다.',

  'kind.CONTENT_VIEW': '콘텐츠',
  'kind.SHORTS': '루프',
  'kind.NEWS': '뉴스',
  'kind.POST': '포스트',
  'kind.LIVE': '라이브',

  'duration.hours': '{hours}시간 {minutes}분',
  'duration.minutes': '{minutes}분 {seconds}초',
  'duration.seconds': '{seconds}초',
} as const;

export type InsightsMessageKey = keyof typeof ko;

const en: Record<InsightsMessageKey, string> = {
  'page.title': '{channel} insights',
  'page.range': '{from} – {to}, Korean time',
  'page.toChannel': 'Channel home',
  'period.label': 'Period',
  'period.option': '{days} days',

  'summary.title': 'Summary',
  'summary.views': 'Views',
  'summary.watchTime': 'Watch time',
  'summary.averageView': 'Average view duration',
  'summary.subscribers': 'Subscribers',
  'summary.subscriberCount': '{count}',
  'summary.previous': 'Previous {days} days: {value}',
  'summary.change': '{change} on the previous period',
  'summary.noChange': 'Same as the previous period',
  'summary.newChange': 'None in the previous period',
  'summary.unknown': 'not recorded',

  'subscribers.title': 'Subscribers over time',
  'subscribers.chart': 'Chart of subscribers per day from {from} to {to}. The same figures are in the table below.',
  'subscribers.table': 'Show subscribers per day as a table',
  'subscribers.caption': "Subscribers per day (the day's last count)",
  'subscribers.change': 'Change from the day before',

  'daily.title': 'Views per day',
  'daily.chart': 'Chart of views per day from {from} to {to}. The table below holds the same figures.',
  'daily.table': 'Show the daily figures as a table',
  'daily.caption': 'Views, watch time and average view duration per day',
  'daily.day': 'Day',

  'top.title': 'Top contents',
  'top.caption': 'The most viewed contents of the period',
  'top.content': 'Content',
  'top.kind': 'Kind',
  'top.empty': 'No content was viewed in this period.',

  'retention.title': 'Loop retention',
  'retention.chart': 'Retention chart of {title}: the share of views still watching at each tenth of the loop. The table below holds the same figures.',
  'retention.table': 'Show the retention of {title} as a table',
  'retention.caption': '{title}: share still watching per tenth ({views} views, {duration} long)',
  'retention.point': 'Point',
  'retention.share': 'Still watching',
  'retention.empty': 'No loop was viewed in this period.',

  'lives.title': 'Live concurrent viewers',
  'lives.peak': 'Peak concurrent viewers: {peak}',
  'lives.chart': 'Chart of concurrent viewers per minute of {title}. The table below holds the same figures.',
  'lives.table': 'Show the concurrent viewers of {title} as a table',
  'lives.caption': '{title}: the most concurrent viewers of each minute (Korean time)',
  'lives.minute': 'Time',
  'lives.viewers': 'Concurrent viewers',
  'lives.empty': 'No live had concurrent viewers counted in this period.',

  'empty.title': 'No views counted in this period yet.',
  'empty.description': 'Views are counted within a minute when a content is opened or played on its public page.',

  'kind.CONTENT_VIEW': 'Contents',
  'kind.SHORTS': 'Loop',
  'kind.NEWS': 'News',
  'kind.POST': 'Post',
  'kind.LIVE': 'Live',

  'duration.hours': '{hours} h {minutes} min',
  'duration.minutes': '{minutes} min {seconds} s',
  'duration.seconds': '{seconds} s',
};

export const insightsMessages = { ko, en };

export type InsightsT = (key: InsightsMessageKey, params?: Record<string, string | number>) => string;

export function useInsightsT(): InsightsT {
  return useCatalogueT(insightsMessages);
}
