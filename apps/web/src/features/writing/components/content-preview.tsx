import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ContentKind } from '@studio/contract/enums';
import type { PreviewVideo } from '@studio/contract/content';
import { Link } from 'react-router';
import { linkKind } from '@studio/contract/links';
import { Tag } from '../../../components/ui/badges';
import { buttonClassName } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useFormat } from '../../../lib/format/use-format';
import { contentPreviewQueryOptions } from '../api/get-content-preview';
import { useWritingT } from '../messages';
import styles from './preview.module.css';

const HlsPlayer = lazy(async () => ({ default: (await import('../../../components/media/hls-player')).HlsPlayer }));

/**
 * A loop's video (its H.264 rendition, a file: a plain video element) or a replay's (its HLS
 * playlist, in the live page's player), with the poster; while it is processing or after it failed,
 * a sentence says so instead (issue 25).
 */
function PreviewVideoPanel({ video, kind, title }: { video: PreviewVideo; kind: ContentKind; title: string }) {
  const t = useWritingT();
  const [broken, setBroken] = useState(false);
  if (video.state !== 'READY' || !video.url) {
    return (
      <div className={styles.videoState} data-state={video.state} role="status" style={video.posterUrl ? { backgroundImage: `url("${video.posterUrl}")` } : undefined}>
        <p>{t(video.state === 'FAILED' ? 'preview.videoFailed' : 'preview.videoProcessing')}</p>
      </div>
    );
  }
  if (kind === 'LIVE') {
    return (
      <div className={styles.videoFrame}>
        <Suspense fallback={null}>
          <HlsPlayer url={video.url} live={false} autoPlay={false} testId="preview-replay" errorText={t('preview.videoUnplayable')} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className={styles.videoFrame}>
      <video
        className={styles.video}
        src={video.url}
        poster={video.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={t('preview.video', { title })}
        onError={() => setBroken(true)}
      />
      {broken ? <p role="alert">{t('preview.videoUnplayable')}</p> : null}
    </div>
  );
}

/** A content as a reader sees it; the body is the server's sanitised HTML, the only HTML this page inserts. */
export function ContentPreviewPage({ channelId, contentId }: { channelId: number; contentId: number }) {
  const t = useWritingT();
  const format = useFormat();
  const { data: content } = useSuspenseQuery(contentPreviewQueryOptions(channelId, contentId));
  const unpublished = content.status === 'DRAFT' || content.status.includes('RESERVATION');
  const when = content.publishedAt ? format.dateTime(content.publishedAt) : unpublished ? t('preview.notPublished') : null;

  return (
    <Page
      title={t('preview.title')}
      description={t(content.video ? 'preview.noticeVideo' : 'preview.notice')}
      actions={
        <>
          <Link className={buttonClassName('secondary')} to={`/channels/${channelId}`}>
            {t('preview.toChannel')}
          </Link>
          {content.kind === 'CONTENT_VIEW' ? (
            <Link className={buttonClassName('primary')} to={`/editor/${channelId}/${contentId}`}>
              {t('preview.edit')}
            </Link>
          ) : null}
        </>
      }
    >
      <article className={styles.article} lang="ko">
        {content.video ? <PreviewVideoPanel video={content.video} kind={content.kind} title={content.title} /> : null}
        {content.coverImage ? <img className={styles.cover} src={content.coverImage.url} alt={t('preview.cover')} /> : null}
        <p className={styles.channel}>{content.channelName}</p>
        {content.title ? <h2 className={styles.title}>{content.title}</h2> : null}
        <p className={styles.meta}>
          {when ? `${when} · ` : null}
          {t('preview.views', { count: format.viewCount(content.viewCount) })}
        </p>
        {/* Sanitised by the server (the contract's ContentPreview.html): the one trusted HTML of the studio. */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: content.html }} />
        {content.images.length > 0 ? (
          <ol className={styles.images}>
            {content.images.map((image, index) => (
              <li key={image.id}>
                <img src={image.url} alt={t('post.imageAlt', { position: index + 1 })} width={image.width} height={image.height} />
              </li>
            ))}
          </ol>
        ) : null}
        {content.link ? (
          <p className={styles.link}>
            <Tag tone="accent">{t(`linkKind.${linkKind(content.link.url)}`)}</Tag>
            <a href={content.link.url} target="_blank" rel="noopener noreferrer nofollow">
              {content.link.url}
            </a>
          </p>
        ) : null}
      </article>
    </Page>
  );
}
