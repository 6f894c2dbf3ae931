import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { ContentSummary } from '@studio/contract/content';
import { CONTENT_COUNT_CAP } from '@studio/contract/content-values';
import { CONTENT_KIND_VALUES, CONTENT_STATUS_VALUES } from '@studio/contract/enum-values';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CONTENT_KIND_ICONS, DocumentIcon, ExternalIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { channelContentsQueryOptions } from '../api/get-channel-contents';
import { hasFilters, NO_FILTERS, useContentFilters } from '../hooks/use-content-filters';
import { useChannelHomeT } from '../messages';
import { ContentFilterMenu } from './content-filter-menu';
import { ContentListTools } from './content-list-tools';
import { ContentRowActions } from './content-row-actions';
import { LoopThumb } from './loop-player';
import { contentStatusTone } from './content-labels';
import { contentHref, publicPageHref } from '../utils/content-href';
import styles from './channel-contents.module.css';
import { useFormat } from '../../../lib/format/use-format';

// The bar for selected rows (its actions, confirmation and per-row outcome) loads with the first
// selection, not with the page (issue 25 point 5, docs/decisions/052).
const ContentBulkBar = lazy(async () => ({ default: (await import('./content-bulk-bar')).ContentBulkBar }));

type RowProps = { channelId: number; content: ContentSummary; selected: boolean; onSelect: (selected: boolean) => void };

function ContentRow({ channelId, content, selected, onSelect }: RowProps) {
  const t = useChannelHomeT();
  const format = useFormat();
  const Icon = CONTENT_KIND_ICONS[content.kind];
  const title = content.title.trim();
  const views = format.viewCount(content.viewCount);
  const href = contentHref(channelId, content);
  const siteHref = publicPageHref(channelId, content);
  const titleText = title || t('contents.untitled');
  return (
    <li className={`${styles.row} ${href ? styles.rowLink : ''} ${selected ? styles.rowSelected : ''}`}>
      <input
        type="checkbox"
        className={styles.pick}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('contents.selectRow', { title: titleText })}
      />
      {content.kind === 'SHORTS' || (content.kind === 'LIVE' && content.videoUrl) ? (
        <LoopThumb content={content} title={titleText} />
      ) : (
        <span className={styles.thumb}>{content.thumbnailUrl ? <img src={content.thumbnailUrl} alt="" loading="lazy" /> : <Icon size={22} />}</span>
      )}
      <div className={styles.main}>
        <p className={`${styles.title} ${title ? '' : styles.untitled}`}>
          {/* The link covers the whole row (::after), so the row opens its content wherever it is clicked. */}
          {href ? (
            <Link to={href} className={styles.titleLink}>
              {titleText}
            </Link>
          ) : (
            titleText
          )}
        </p>
        <div className={styles.meta}>
          <Tag>{t(`contentKind.${content.kind}`)}</Tag>
          <Tag tone={contentStatusTone[content.status]}>{t(`contentStatus.${content.status}`)}</Tag>
          <span className={styles.time}>{format.time(content)}</span>
          {content.reservedAt ? <span className={styles.time}>{t('contents.reservedAt', { time: format.dateTime(content.reservedAt) })}</span> : null}
        </div>
      </div>
      <p className={styles.views} title={format.count(content.viewCount)}>
        <span className={styles.viewsLabel}>{t('contents.viewsLabel')}</span> <span>{views}</span>
      </p>
      {siteHref ? (
        // A page outside the studio (server-rendered), so a plain link rather than the router's.
        <a className={styles.siteLink} href={siteHref} target="_blank" rel="noopener" aria-label={t('contents.viewOnSiteLabel', { title: titleText })}>
          <span className={styles.siteLinkText}>{t('contents.viewOnSite')}</span>
          <ExternalIcon size={16} />
        </a>
      ) : null}
      <ContentRowActions channelId={channelId} content={content} title={title || t('contents.untitled')} />
    </li>
  );
}

/** The channel's contents: search, sort, date range, status and kind filters (all in the URL), keyset paging, selection for bulk changes. */
/** `canCreate`: whether the channel offers any create option now; when it does not, its empty list does not invite creating (issue 25). */
export function ChannelContents({ channelId, canCreate = true }: { channelId: number; canCreate?: boolean }) {
  const t = useChannelHomeT();
  const format = useFormat();
  const { params, latest, update } = useContentFilters();
  const query = channelContentsQueryOptions(channelId, params);
  // The header's total reads the same cache without suspending: it appears once the list has loaded.
  const { data } = useQuery(query);
  const filtered = hasFilters(params);
  // The selection belongs to the page on screen: another page, filter or sort starts without one.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: '', ids: new Set() });
  const pageKey = JSON.stringify(query.queryKey);
  const selectedIds = selection.key === pageKey ? selection.ids : new Set<number>();
  const rows = data?.content ?? [];
  const selected = rows.filter((content) => selectedIds.has(content.id));
  const select = (ids: Iterable<number>) => setSelection({ key: pageKey, ids: new Set(ids) });
  // Once loaded the bar stays mounted: its outcome dialog outlives the selection it acted on.
  const [bulkNeeded, setBulkNeeded] = useState(false);
  if (selected.length > 0 && !bulkNeeded) setBulkNeeded(true);
  const reset = () => update({ ...NO_FILTERS });
  const total = data ? (data.totalElements >= CONTENT_COUNT_CAP ? t('contents.totalCapped', { count: format.count(CONTENT_COUNT_CAP) }) : t('contents.total', { count: data.totalElements })) : null;

  /** The pager counts pages; the server is walked by cursor: one page on, or one back (the first page without any). */
  function turn(page: number) {
    if (!data) return;
    if (page <= 0) update({ page: 0 });
    else if (page > data.number && data.nextCursor) update({ page, after: data.nextCursor });
    else if (page < data.number && data.prevCursor) update({ page, before: data.prevCursor });
  }

  return (
    <Section flush title={t('contents.title')} actions={total ? <span className={styles.total}>{total}</span> : null}>
      <ContentListTools latest={latest} update={update} />
      <div className={styles.toolbar}>
        {rows.length > 0 ? (
          <input
            type="checkbox"
            className={styles.pick}
            checked={selected.length === rows.length}
            ref={(box) => {
              if (box) box.indeterminate = selected.length > 0 && selected.length < rows.length;
            }}
            onChange={(event) => select(event.target.checked ? rows.map((content) => content.id) : [])}
            aria-label={t('contents.selectPage')}
          />
        ) : null}
        <ContentFilterMenu
          label={t('contents.statusFilter')}
          options={CONTENT_STATUS_VALUES}
          selected={latest.statuses}
          optionLabel={(status) => t(`contentStatus.${status}`)}
          onChange={(statuses) => update({ statuses })}
        />
        <ContentFilterMenu
          label={t('contents.kindFilter')}
          options={CONTENT_KIND_VALUES}
          selected={latest.kinds}
          optionLabel={(kind) => t(`contentKind.${kind}`)}
          onChange={(kinds) => update({ kinds })}
        />
        {filtered ? (
          <Button variant="ghost" size="small" onClick={reset}>
            {t('contents.resetFilters')}
          </Button>
        ) : null}
      </div>
      {bulkNeeded ? (
        <Suspense fallback={null}>
          <ContentBulkBar channelId={channelId} selected={selected} untitled={t('contents.untitled')} onClear={() => select([])} />
        </Suspense>
      ) : null}
      <PagedList
        query={query}
        countCap={CONTENT_COUNT_CAP}
        onPageChange={turn}
        empty={
          filtered ? (
            <EmptyState
              compact
              title={t('contents.filteredEmpty')}
              description={t('contents.filteredEmptyDescription')}
              action={
                <Button size="small" onClick={reset}>
                  {t('contents.resetFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState compact icon={<DocumentIcon />} title={t('contents.empty')} description={t(canCreate ? 'contents.emptyDescription' : 'contents.emptyCannotCreate')} />
          )
        }
      >
        {(contents, busy) => (
          <ul className={styles.list} aria-busy={busy || undefined} aria-label={t('contents.title')}>
            {contents.map((content) => (
              <ContentRow
                key={content.id}
                channelId={channelId}
                content={content}
                selected={selectedIds.has(content.id)}
                onSelect={(on) => select(on ? [...selectedIds, content.id] : [...selectedIds].filter((id) => id !== content.id))}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </Section>
  );
}
