import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ContentSummary } from '@studio/contract/content';
import { ContentKind, ContentStatus } from '@studio/contract/enums';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { DocumentIcon, ExternalIcon, LiveIcon, LoopIcon, PostIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { channelContentsQueryOptions } from '../api/get-channel-contents';
import { hasFilters, useContentFilters } from '../hooks/use-content-filters';
import { useChannelHomeT } from '../messages';
import { ContentFilterMenu } from './content-filter-menu';
import { ContentRowActions } from './content-row-actions';
import { LoopThumb } from './loop-player';
import { contentStatusTone } from './content-labels';
import { contentHref, publicPageHref } from '../utils/content-href';
import styles from './channel-contents.module.css';
import { useFormat } from '../../../lib/format/use-format';

const kindIcons: Record<ContentKind, typeof DocumentIcon> = {
  CONTENT_VIEW: DocumentIcon,
  SHORTS: LoopIcon,
  NEWS: DocumentIcon,
  POST: PostIcon,
  LIVE: LiveIcon,
};

function ContentRow({ channelId, content }: { channelId: number; content: ContentSummary }) {
  const t = useChannelHomeT();
  const format = useFormat();
  const Icon = kindIcons[content.kind];
  const title = content.title.trim();
  const views = format.viewCount(content.viewCount);
  const href = contentHref(channelId, content);
  const siteHref = publicPageHref(channelId, content);
  const titleText = title || t('contents.untitled');
  return (
    <li className={`${styles.row} ${href ? styles.rowLink : ''}`}>
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

/** The channel's contents: status and kind filters (in the URL), paging, empty and filtered-empty states. */
export function ChannelContents({ channelId }: { channelId: number }) {
  const t = useChannelHomeT();
  const { params, latest, update } = useContentFilters();
  const query = channelContentsQueryOptions(channelId, params);
  // The header's total reads the same cache without suspending: it appears once the list has loaded.
  const { data } = useQuery(query);
  const filtered = hasFilters(params);

  return (
    <Section flush title={t('contents.title')} actions={data ? <span className={styles.total}>{t('contents.total', { count: data.totalElements })}</span> : null}>
      <div className={styles.toolbar}>
        <ContentFilterMenu
          label={t('contents.statusFilter')}
          options={ContentStatus.options}
          selected={latest.statuses}
          optionLabel={(status) => t(`contentStatus.${status}`)}
          onChange={(statuses) => update({ statuses })}
        />
        <ContentFilterMenu
          label={t('contents.kindFilter')}
          options={ContentKind.options}
          selected={latest.kinds}
          optionLabel={(kind) => t(`contentKind.${kind}`)}
          onChange={(kinds) => update({ kinds })}
        />
        {filtered ? (
          <Button variant="ghost" size="small" onClick={() => update({ statuses: [], kinds: [] })}>
            {t('contents.resetFilters')}
          </Button>
        ) : null}
      </div>
      <PagedList
        query={query}
        onPageChange={(page) => update({ page })}
        empty={
          filtered ? (
            <EmptyState
              compact
              title={t('contents.filteredEmpty')}
              description={t('contents.filteredEmptyDescription')}
              action={
                <Button size="small" onClick={() => update({ statuses: [], kinds: [] })}>
                  {t('contents.resetFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState compact icon={<DocumentIcon />} title={t('contents.empty')} description={t('contents.emptyDescription')} />
          )
        }
      >
        {(contents, busy) => (
          <ul className={styles.list} aria-busy={busy || undefined} aria-label={t('contents.title')}>
            {contents.map((content) => (
              <ContentRow key={content.id} channelId={channelId} content={content} />
            ))}
          </ul>
        )}
      </PagedList>
    </Section>
  );
}
