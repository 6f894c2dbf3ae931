import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { INSIGHT_PERIOD_DAYS, type ChannelInsights, type InsightLiveViewers, type InsightPeriod, type InsightRetention } from '@studio/contract/insights';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page, Section } from '../../../components/ui/page';
import { formatClockTime, formatDateTime } from '../../../lib/format/date-time';
import { formatCount, formatViewCount } from '../../../lib/format/numbers';
import { useLocale } from '../../../lib/i18n/i18n';
import { channelInsightsQueryOptions } from '../api/get-channel-insights';
import { useInsightsT, type InsightsT } from '../messages';
import { changePercent, formatSeconds, formatShare, shortDay } from '../utils/format-insights';
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
      <nav className={styles.periods} aria-label={t('period.label')}>
        {INSIGHT_PERIOD_DAYS.map((period) => (
          <Link key={period} to={`?days=${period}`} replace className={styles.period} aria-current={period === days ? 'page' : undefined}>
            {t('period.option', { days: period })}
          </Link>
        ))}
      </nav>
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
            <dd className={styles.cardValue}>{t('summary.subscriberCount', { count: formatCount(data.subscribers, locale) })}</dd>
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
      <details className={styles.details}>
        <summary>{t('daily.table')}</summary>
        <div className={styles.tableScroll} role="region" aria-label={t('daily.caption')} tabIndex={0}>
          <table className={styles.table}>
            <caption>{t('daily.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('daily.day')}</th>
                <th scope="col">{t('summary.views')}</th>
                <th scope="col">{t('summary.watchTime')}</th>
                <th scope="col">{t('summary.averageView')}</th>
              </tr>
            </thead>
            <tbody>
              {data.daily.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{formatViewCount(day.views, locale)}</td>
                  <td>{formatSeconds(day.watchSeconds, t)}</td>
                  <td>{formatSeconds(day.averageViewSeconds, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Section>
  );
}

function TopContents({ data, t }: { data: ChannelInsights; t: InsightsT }) {
  const locale = useLocale();
  return (
    <Section title={t('top.title')}>
      {data.topContents.length === 0 ? (
        <EmptyState compact title={t('top.empty')} />
      ) : (
        <div className={styles.tableScroll} role="region" aria-label={t('top.caption')} tabIndex={0}>
          <table className={styles.table}>
            <caption>{t('top.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('top.content')}</th>
                <th scope="col">{t('top.kind')}</th>
                <th scope="col">{t('summary.views')}</th>
                <th scope="col">{t('summary.watchTime')}</th>
                <th scope="col">{t('summary.averageView')}</th>
              </tr>
            </thead>
            <tbody>
              {data.topContents.map((content) => (
                <tr key={content.contentId}>
                  <th scope="row" className={styles.titleCell}>
                    {content.title}
                  </th>
                  <td>{t(`kind.${content.kind}`)}</td>
                  <td>{formatViewCount(content.views, locale)}</td>
                  <td>{formatSeconds(content.watchSeconds, t)}</td>
                  <td>{formatSeconds(content.averageViewSeconds, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
      <details className={styles.details}>
        <summary>{t('retention.table', { title: loop.title })}</summary>
        <div className={styles.tableScroll} role="region" aria-label={t('retention.title')} tabIndex={0}>
          <table className={styles.table}>
            <caption>{t('retention.caption', { title: loop.title, views: formatViewCount(loop.views, locale), duration: formatSeconds(loop.durationSeconds, t) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('retention.point')}</th>
                <th scope="col">{t('retention.share')}</th>
              </tr>
            </thead>
            <tbody>
              {loop.shares.map((share, tenth) => (
                <tr key={TENTH_LABELS[tenth]}>
                  <th scope="row">{TENTH_LABELS[tenth]}</th>
                  <td>{formatShare(share)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
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
      <details className={styles.details}>
        <summary>{t('lives.table', { title: live.title })}</summary>
        <div className={styles.tableScroll} role="region" aria-label={t('lives.caption', { title: live.title })} tabIndex={0}>
          <table className={styles.table}>
            <caption>{t('lives.caption', { title: live.title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lives.minute')}</th>
                <th scope="col">{t('lives.viewers')}</th>
              </tr>
            </thead>
            <tbody>
              {live.points.map((point) => (
                <tr key={point.at}>
                  <th scope="row">{formatDateTime(point.at, locale)}</th>
                  <td>{formatCount(point.viewers, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
