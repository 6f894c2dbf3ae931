import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import type { ContentKind } from '@studio/contract/enums';
import { INSIGHT_PERIOD_DAYS, type ChannelInsights, type InsightLiveViewers, type InsightPeriod, type InsightRetention, type InsightSubscribers } from '@studio/contract/insights';
import { buttonClassName } from '../../../components/ui/button';
import { PeriodTabs } from '../../../components/ui/period-tabs';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page, Section } from '../../../components/ui/page';
import { formatClockTime, formatDateTime } from '../../../lib/format/date-time';
import { formatCount, formatViewCount } from '../../../lib/format/numbers';
import { useLocale } from '../../../lib/i18n/i18n';
import { channelInsightsQueryOptions } from '../api/get-channel-insights';
import { useInsightsT, type InsightsT } from '../messages';
import { changePercent, formatSeconds, formatShare, shortDay } from '../utils/format-insights';
import { FigureTable } from './figure-table';
import { LineChart } from './line-chart';
import styles from './insights.module.css';

/** Issue 23, point 4: a channel's insights over 7, 28 or 90 Korean days. The route's loader has read them. */
export function InsightsPage({ channelId, days }: { channelId: number; days: InsightPeriod }) {
  const { data } = useSuspenseQuery(channelInsightsQueryOptions(channelId, days));
  const t = useInsightsT();
  const empty = data.totals.views === 0 && data.totals.watchSeconds === 0;

  return (
    <Page
      title={t('page.title', { channel: data.channelName })}
      description={t('page.range', { from: data.from, to: data.to })}
      actions={
        <Link to={`/channels/${channelId}`} className={buttonClassName('secondary')}>
          {t('page.toChannel')}
        </Link>
      }
    >
      <PeriodTabs
        label={t('period.label')}
        tabs={INSIGHT_PERIOD_DAYS.map((period) => ({ key: period, to: `?days=${period}`, label: t('period.option', { days: period }), current: period === days }))}
      />
      <Summary data={data} t={t} />
      {empty ? (
        <Section>
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        </Section>
      ) : (
        <>
          <Daily data={data} t={t} />
          <TopContents data={data} t={t} />
          <Retention data={data} t={t} />
        </>
      )}
      {data.subscribers === null ? null : <Subscribers subscribers={data.subscribers} from={data.from} to={data.to} t={t} />}
      {data.channelType === 'MEDIA_CHANNEL' || data.lives.length > 0 ? <Lives data={data} t={t} /> : null}
    </Page>
  );
}

function Summary({ data, t }: { data: ChannelInsights; t: InsightsT }) {
  const locale = useLocale();
  const change = (current: number, previous: number) => {
    const percent = changePercent(current, previous);
    if (percent === null) return current > 0 ? t('summary.newChange') : t('summary.noChange');
    if (percent === 0) return t('summary.noChange');
    return t('summary.change', { change: `${percent > 0 ? '+' : ''}${percent}%` });
  };
  const cards = [
    { key: 'views', label: t('summary.views'), value: formatViewCount(data.totals.views, locale), previous: formatViewCount(data.previous.views, locale), change: change(data.totals.views, data.previous.views) },
    { key: 'watch', label: t('summary.watchTime'), value: formatSeconds(data.totals.watchSeconds, t), previous: formatSeconds(data.previous.watchSeconds, t), change: change(data.totals.watchSeconds, data.previous.watchSeconds) },
    { key: 'average', label: t('summary.averageView'), value: formatSeconds(data.totals.averageViewSeconds, t), previous: formatSeconds(data.previous.averageViewSeconds, t), change: change(data.totals.averageViewSeconds, data.previous.averageViewSeconds) },
  ];
  return (
    <Section title={t('summary.title')}>
      <dl className={styles.cards}>
        {cards.map((card) => (
          <div key={card.key} className={styles.card}>
            <dt className={styles.cardLabel}>{card.label}</dt>
            <dd className={styles.cardValue}>{card.value}</dd>
            <dd className={styles.cardNote}>{t('summary.previous', { days: data.days, value: card.previous })}</dd>
            <dd className={styles.cardNote}>{card.change}</dd>
          </div>
        ))}
        {data.subscribers === null ? null : (
          <div className={styles.card}>
            <dt className={styles.cardLabel}>{t('summary.subscribers')}</dt>
            <dd className={styles.cardValue}>{t('summary.subscriberCount', { count: formatCount(data.subscribers.current, locale) })}</dd>
            <dd className={styles.cardNote}>
              {t('summary.previous', {
                days: data.days,
                value: data.subscribers.previous === null ? t('summary.unknown') : t('summary.subscriberCount', { count: formatCount(data.subscribers.previous, locale) }),
              })}
            </dd>
            {data.subscribers.previous === null ? null : <dd className={styles.cardNote}>{change(data.subscribers.current, data.subscribers.previous)}</dd>}
          </div>
        )}
      </dl>
    </Section>
  );
}

function Daily({ data, t }: { data: ChannelInsights; t: InsightsT }) {
  const locale = useLocale();
  const labels = useMemo(() => data.daily.map((day) => shortDay(day.day)), [data.daily]);
  const values = useMemo(() => data.daily.map((day) => day.views), [data.daily]);
  const formatValue = useCallback((value: number) => formatViewCount(Math.round(value), locale), [locale]);
  return (
    <Section title={t('daily.title')}>
      <LineChart labels={labels} values={values} formatValue={formatValue} ariaLabel={t('daily.chart', { from: data.from, to: data.to })} />
      <FigureTable
        summary={t('daily.table')}
        caption={t('daily.caption')}
        columns={[t('daily.day'), t('summary.views'), t('summary.watchTime'), t('summary.averageView')]}
        rows={data.daily.map((day) => ({
          key: day.day,
          head: day.day,
          cells: [formatViewCount(day.views, locale), formatSeconds(day.watchSeconds, t), formatSeconds(day.averageViewSeconds, t)],
        }))}
      />
    </Section>
  );
}

/** A media channel's subscribers per day (spec section 6), days before the first kept count left out. */
function Subscribers({ subscribers, from, to, t }: { subscribers: InsightSubscribers; from: string; to: string; t: InsightsT }) {
  const locale = useLocale();
  const known = useMemo(() => subscribers.daily.filter((day): day is { day: string; subscribers: number } => day.subscribers !== null), [subscribers.daily]);
  const labels = useMemo(() => known.map((day) => shortDay(day.day)), [known]);
  const values = useMemo(() => known.map((day) => day.subscribers), [known]);
  const formatValue = useCallback((value: number) => formatViewCount(Math.round(value), locale), [locale]);
  const signed = (value: number) => `${value > 0 ? '+' : ''}${formatCount(value, locale)}`;
  return (
    <Section title={t('subscribers.title')}>
      <LineChart labels={labels} values={values} formatValue={formatValue} ariaLabel={t('subscribers.chart', { from, to })} />
      <FigureTable
        summary={t('subscribers.table')}
        caption={t('subscribers.caption')}
        columns={[t('daily.day'), t('summary.subscribers'), t('subscribers.change')]}
        rows={known.map((day, index) => ({
          key: day.day,
          head: day.day,
          cells: [formatCount(day.subscribers, locale), index === 0 ? '–' : signed(day.subscribers - (known[index - 1]?.subscribers ?? day.subscribers))],
        }))}
      />
    </Section>
  );
}

/** The kinds that play (a loop, a live's replay): only they have watch time. */
const PLAYED_KINDS: ReadonlySet<ContentKind> = new Set<ContentKind>(['SHORTS', 'LIVE']);
const NOT_PLAYED = '–';
const played = (content: ChannelInsights['topContents'][number]) => PLAYED_KINDS.has(content.kind) || content.watchSeconds > 0;

function TopContents({ data, t }: { data: ChannelInsights; t: InsightsT }) {
  const locale = useLocale();
  return (
    <Section title={t('top.title')}>
      {data.topContents.length === 0 ? (
        <EmptyState compact title={t('top.empty')} />
      ) : (
        <FigureTable
          caption={t('top.caption')}
          // Views beside the title and the kind last: a phone shows the figure people look for without scrolling the table.
          columns={[t('top.content'), t('summary.views'), t('summary.watchTime'), t('summary.averageView'), t('top.kind')]}
          rows={data.topContents.map((content) => ({
            key: String(content.contentId),
            head: content.title,
            headClassName: styles.titleCell,
            // An article or a post is read, not played: it has no watch time to show (a dash, not "0 s").
            cells: [
              formatViewCount(content.views, locale),
              played(content) ? formatSeconds(content.watchSeconds, t) : NOT_PLAYED,
              played(content) ? formatSeconds(content.averageViewSeconds, t) : NOT_PLAYED,
              t(`kind.${content.kind}`),
            ],
          }))}
        />
      )}
    </Section>
  );
}

const TENTH_LABELS = Array.from({ length: 11 }, (_, tenth) => `${tenth * 10}%`);
const formatShareAxis = (value: number) => formatShare(value);

function Retention({ data, t }: { data: ChannelInsights; t: InsightsT }) {
  return (
    <Section title={t('retention.title')}>
      {data.retention.length === 0 ? <EmptyState compact title={t('retention.empty')} /> : data.retention.map((loop) => <RetentionCurve key={loop.contentId} loop={loop} t={t} />)}
    </Section>
  );
}

function RetentionCurve({ loop, t }: { loop: InsightRetention; t: InsightsT }) {
  const locale = useLocale();
  return (
    <div className={styles.retention}>
      <h3 className={styles.retentionTitle}>{loop.title}</h3>
      <LineChart labels={TENTH_LABELS} values={loop.shares} max={1} formatValue={formatShareAxis} ariaLabel={t('retention.chart', { title: loop.title })} />
      <FigureTable
        summary={t('retention.table', { title: loop.title })}
        regionLabel={t('retention.title')}
        caption={t('retention.caption', { title: loop.title, views: formatViewCount(loop.views, locale), duration: formatSeconds(loop.durationSeconds, t) })}
        columns={[t('retention.point'), t('retention.share')]}
        rows={loop.shares.map((share, tenth) => ({ key: TENTH_LABELS[tenth] ?? String(tenth), head: TENTH_LABELS[tenth], cells: [formatShare(share)] }))}
      />
    </div>
  );
}

function Lives({ data, t }: { data: ChannelInsights; t: InsightsT }) {
  return (
    <Section title={t('lives.title')}>
      {data.lives.length === 0 ? <EmptyState compact title={t('lives.empty')} /> : data.lives.map((live) => <LiveCurve key={live.liveId} live={live} t={t} />)}
    </Section>
  );
}

function LiveCurve({ live, t }: { live: InsightLiveViewers; t: InsightsT }) {
  const locale = useLocale();
  const labels = useMemo(() => live.points.map((point) => formatClockTime(point.at, locale)), [live.points, locale]);
  const values = useMemo(() => live.points.map((point) => point.viewers), [live.points]);
  const formatValue = useCallback((value: number) => formatCount(Math.round(value), locale), [locale]);
  return (
    <div className={styles.retention}>
      <h3 className={styles.retentionTitle}>{live.title}</h3>
      <p className={styles.cardNote}>{t('lives.peak', { peak: formatCount(live.peakViewers, locale) })}</p>
      <LineChart labels={labels} values={values} formatValue={formatValue} ariaLabel={t('lives.chart', { title: live.title })} />
      <FigureTable
        summary={t('lives.table', { title: live.title })}
        caption={t('lives.caption', { title: live.title })}
        columns={[t('lives.minute'), t('lives.viewers')]}
        rows={live.points.map((point) => ({ key: point.at, head: formatDateTime(point.at, locale), cells: [formatCount(point.viewers, locale)] }))}
      />
    </div>
  );
}
