import { useQuery } from '@tanstack/react-query';
import type { ContentSummary } from '@studio/contract/content';
import { ContentKind, ContentStatus } from '@studio/contract/enums';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { DocumentIcon, LiveIcon, LoopIcon, PostIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { channelContentsQueryOptions } from '../api/get-channel-contents';
import { CONTENT_PAGE_SIZE, hasFilters, useContentFilters } from '../hooks/use-content-filters';
import { useChannelHomeT } from '../messages';
import { ContentFilterMenu } from './content-filter-menu';
import { contentStatusTone } from './content-labels';
import styles from './channel-contents.module.css';
import { useFormat } from '../../../lib/format/use-format';

const kindIcons: Record<ContentKind, typeof DocumentIcon> = {
  CONTENT_VIEW: DocumentIcon,
  SHORTS: LoopIcon,
  NEWS: DocumentIcon,
  POST: PostIcon,
  LIVE: LiveIcon,
};

function ContentRow({ content }: { content: ContentSummary }) {
  const t = useChannelHomeT();
  const format = useFormat();
  const Icon = kindIcons[content.kind];
  const title = content.title.trim();
  const views = format.viewCount(content.viewCount);
  return (
    <li className={styles.row}>
      <span className={styles.thumb}>
        {content.thumbnailUrl ? <img src={content.thumbnailUrl} alt="" loading="lazy" /> : <Icon size={22} />}
      </span>
      <div className={styles.main}>
        <p className={`${styles.title} ${title ? '' : styles.untitled}`}>{title || t('contents.untitled')}</p>
        <div className={styles.meta}>
          <Tag>{t(`contentKind.${content.kind}`)}</Tag>
          <Tag tone={contentStatusTone[content.status]}>{t(`contentStatus.${content.status}`)}</Tag>
          <span className={styles.time}>{format.time(content)}</span>
        </div>
      </div>
      <p className={styles.views} title={format.count(content.viewCount)}>
        <span className={styles.viewsLabel}>{t('contents.viewsLabel')}</span> <span>{views}</span>
      </p>
    </li>
  );
}

/** The channel's contents: status and kind filters (in the URL), paging, empty and filtered-empty states. */
export function ChannelContents({ channelId }: { channelId: number }) {
  const t = useChannelHomeT();
  const { params, update } = useContentFilters();
  const contents = useQuery(channelContentsQueryOptions(channelId, params));
  const filtered = hasFilters(params);

  let body;
  if (contents.isPending) body = <Loading />;
  else if (contents.isError) body = <AsyncErrorBlock error={contents.error} onRetry={() => void contents.refetch()} />;
  else if (contents.data.content.length === 0) {
    body = filtered ? (
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
    );
  } else {
    body = (
      <>
        <ul className={styles.list} aria-busy={contents.isPlaceholderData || undefined} aria-label={t('contents.title')}>
          {contents.data.content.map((content) => (
            <ContentRow key={content.id} content={content} />
          ))}
        </ul>
        <Pagination
          page={contents.data.number}
          size={CONTENT_PAGE_SIZE}
          totalElements={contents.data.totalElements}
          last={contents.data.last}
          onChange={(page) => update({ page })}
        />
      </>
    );
  }

  return (
    <Section flush title={t('contents.title')} actions={contents.data ? <span className={styles.total}>{t('contents.total', { count: contents.data.totalElements })}</span> : null}>
      <div className={styles.toolbar}>
        <ContentFilterMenu
          label={t('contents.statusFilter')}
          options={ContentStatus.options}
          selected={params.statuses}
          optionLabel={(status) => t(`contentStatus.${status}`)}
          onChange={(statuses) => update({ statuses })}
        />
        <ContentFilterMenu
          label={t('contents.kindFilter')}
          options={ContentKind.options}
          selected={params.kinds}
          optionLabel={(kind) => t(`contentKind.${kind}`)}
          onChange={(kinds) => update({ kinds })}
        />
        {filtered ? (
          <Button variant="ghost" size="small" onClick={() => update({ statuses: [], kinds: [] })}>
            {t('contents.resetFilters')}
          </Button>
        ) : null}
      </div>
      {body}
    </Section>
  );
}
