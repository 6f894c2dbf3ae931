import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ContentKind } from '@studio/contract/enums';
import { TREND_PERIOD_LENGTH, TREND_PERIODS, TREND_RISING_MIN_VIEWS, type Trend, type TrendItem } from '@studio/contract/trend';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { Tag } from '../../../components/ui/badges';
import { EmptyState } from '../../../components/ui/empty-state';
import { CONTENT_KIND_ICONS } from '../../../components/ui/icons';
import { Page, Section } from '../../../components/ui/page';
import { PeriodTabs } from '../../../components/ui/period-tabs';
import { formatDate, formatDateTime } from '../../../lib/format/date-time';
import { formatViewCount } from '../../../lib/format/numbers';
import { useLocale, useT, type Locale } from '../../../lib/i18n/i18n';
import { trendQueryOptions, trendSearch, type TrendFilters } from '../api/get-trend';
import { useTrendT, type TrendT } from '../messages';
import { TREND_CHANNEL_TYPES } from '../utils/trend-filters';
import styles from './trend.module.css';

type Props = { filters: TrendFilters; onFilters: (next: TrendFilters) => void };

/** Issue 23, point 5 (spec section 2, /trend): the portal's most viewed and rising contents. */
export function TrendPage({ filters, onFilters }: Props) {
  const shell = useT();
  const t = useTrendT();
  return (
    <Page title={shell('page.trend')} description={shell('page.trendDescription')}>
      <PeriodTabs
        label={t('period.label')}
        tabs={TREND_PERIODS.map((period) => ({
          key: period,
          to: `?${trendSearch({ ...filters, period })}`,
          label: t(`period.${TREND_PERIOD_LENGTH[period].unit}`, { count: TREND_PERIOD_LENGTH[period].count }),
          current: period === filters.period,
        }))}
      />
      <Filters filters={filters} onFilters={onFilters} t={t} />
      <QueryBoundary>
        <TrendLists filters={filters} t={t} />
      </QueryBoundary>
    </Page>
  );
}

function Filters({ filters, onFilters, t }: Props & { t: TrendT }) {
  const shell = useT();
  const kindId = useId();
  const typeId = useId();
  return (
    <div className={styles.filters} role="group" aria-label={t('filter.label')}>
      <div className={styles.field}>
        <label htmlFor={kindId} className={styles.fieldLabel}>
          {t('filter.kind')}
        </label>
        <select
          id={kindId}
          className={styles.select}
          value={filters.kind ?? ''}
          onChange={(event) => {
            const kind = ContentKind.safeParse(event.target.value);
            onFilters({ ...filters, kind: kind.success ? kind.data : null });
          }}
        >
          <option value="">{t('filter.all')}</option>
          {ContentKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={typeId} className={styles.fieldLabel}>
          {t('filter.channelType')}
        </label>
        <select
          id={typeId}
          className={styles.select}
          value={filters.channelType ?? ''}
          onChange={(event) => onFilters({ ...filters, channelType: TREND_CHANNEL_TYPES.find((type) => type === event.target.value) ?? null })}
        >
          <option value="">{t('filter.all')}</option>
          {TREND_CHANNEL_TYPES.map((type) => (
            <option key={type} value={type}>
              {shell(`channelType.${type}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** 24 hours from hour to hour; 7 days as their first and last Korean day (the end is exclusive). */
function periodRange(data: Trend, locale: Locale): { from: string; to: string } {
  if (data.period === '24h') return { from: formatDateTime(data.from, locale), to: formatDateTime(data.to, locale) };
  return { from: formatDate(data.from, locale), to: formatDate(new Date(Date.parse(data.to) - 86_400_000).toISOString(), locale) };
}

function TrendLists({ filters, t }: { filters: TrendFilters; t: TrendT }) {
  const { data } = useSuspenseQuery(trendQueryOptions(filters));
  const locale = useLocale();
  return (
    <>
      <p className={styles.range}>{t('page.range', periodRange(data, locale))}</p>
      <div className={styles.lists}>
        <Section title={t('top.title')}>
          <p className={styles.note}>{t('top.note')}</p>
          {data.top.length === 0 ? <EmptyState compact title={t('top.empty')} description={t('empty.description')} /> : <Ranking items={data.top} rising={false} t={t} />}
        </Section>
        <Section title={t('rising.title')}>
          <p className={styles.note}>{t('rising.note', { min: TREND_RISING_MIN_VIEWS })}</p>
          {data.rising.length === 0 ? <EmptyState compact title={t('rising.empty')} description={t('empty.description')} /> : <Ranking items={data.rising} rising t={t} />}
        </Section>
      </div>
    </>
  );
}

/** A content without a picture of its own shows its kind's icon, as on channel home. */
function KindThumb({ kind }: { kind: ContentKind }) {
  const Icon = CONTENT_KIND_ICONS[kind];
  return (
    <span className={`${styles.thumb} ${styles.kindThumb}`} aria-hidden="true">
      <Icon size={20} />
    </span>
  );
}

function Ranking({ items, rising, t }: { items: TrendItem[]; rising: boolean; t: TrendT }) {
  const locale = useLocale();
  const shell = useT();
  return (
    <ol className={styles.ranking}>
      {items.map((item, index) => (
        <li key={item.contentId} className={styles.item}>
          <span className={styles.rank} aria-label={t('item.rank', { rank: index + 1 })}>
            {index + 1}
          </span>
          {item.thumbnailUrl ? <img className={styles.thumb} src={item.thumbnailUrl} alt="" width={96} height={54} loading="lazy" /> : <KindThumb kind={item.kind} />}
          <div className={styles.body}>
            <a className={styles.title} href={item.publicPath} target="_blank" rel="noopener" aria-label={t('item.open', { title: item.title })}>
              {item.title}
            </a>
            <p className={styles.meta}>
              <span className={styles.channel}>{item.channelName}</span>
              {item.ownChannel ? <Tag tone="accent">{t('item.own')}</Tag> : null}
              <span>{t(`kind.${item.kind}`)}</span>
              <span className="visually-hidden">{shell(`channelType.${item.channelType}`)}</span>
            </p>
          </div>
          <div className={styles.figures}>
            <span className={styles.views}>{t('item.views', { count: formatViewCount(item.views, locale) })}</span>
            {rising ? (
              <span className={styles.growth}>{item.growthPercent === null ? t('item.new') : t('item.growth', { change: `+${item.growthPercent}%` })}</span>
            ) : (
              <span className={styles.previous}>{t('item.previous', { count: formatViewCount(item.previousViews, locale) })}</span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
