import { lazy, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CONTENT_TITLE_MAX, type ContentDetail } from '@studio/contract/content';
import { buttonClassName } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useFormat } from '../../../lib/format/use-format';
import { showToast } from '../../../lib/toast';
import { usePublishContent } from '../api/publish-content';
import { uploadContentImage } from '../api/upload-image';
import { useArticleAutosave } from '../hooks/use-article-autosave';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useWritingT } from '../messages';
import { ConflictDialog } from './conflict-dialog';
import { CoverImagePicker } from './cover-image-picker';
import { LeaveDialog } from './leave-dialog';
import type { PublishWhen } from '../../../components/reservation/publish-choice';
import { PublishDialog } from './publish-dialog';
import { SaveStatus } from './save-status';
import styles from './editor.module.css';

// TipTap is the heaviest part of the studio: it loads after the page, in its own chunk.
const RichTextEditor = lazy(async () => ({ default: (await import('./rich-text-editor')).RichTextEditor }));

type EditorPageProps = {
  channelId: number;
  channelName: string;
  /** Null: a new draft, made on the server with the first save. */
  content: ContentDetail | null;
  session: string;
};

function hasText(html: string): boolean {
  return /<(img|figure)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;
}

/** The content editor: title, body, cover; saved a few seconds after typing stops; published now or at a reserved time. */
export function EditorPage({ channelId, channelName, content, session }: EditorPageProps) {
  const t = useWritingT();
  const format = useFormat();
  const navigate = useNavigate();
  const titleId = useId();
  const bodyLabelId = useId();
  const article = useArticleAutosave({ channelId, content, session });
  const blocker = useLeaveGuard(article.hasUnsaved);
  const [publishing, setPublishing] = useState(false);
  const contentId = article.contentId;
  const publish = usePublishContent(channelId);

  const upload = (file: File) => uploadContentImage(channelId, file);

  async function onPublish(when: PublishWhen) {
    setPublishing(true);
    try {
      const saved = await article.queue()?.flush();
      const version = article.queue()?.version();
      const id = article.latestContentId();
      if (!saved || (saved.kind !== 'saved' && saved.kind !== 'idle') || version == null || id === null) {
        showToast(t('publish.notSaved'));
        throw new Error('not saved');
      }
      const result = await publish.mutateAsync(
        when.mode === 'now' ? { contentId: id, mode: 'now', version } : { contentId: id, mode: 'reserve', version, at: when.at, visibility: when.visibility },
      );
      if (when.mode === 'now') showToast(t('publish.published'));
      else showToast(t(when.visibility === 'HIDDEN' ? 'publish.reservedHidden' : 'publish.reserved', { time: format.dateTime(result.reservedAt ?? when.at.toISOString()) }));
      void navigate(`/channels/${channelId}`);
    } finally {
      setPublishing(false);
    }
  }

  const refusalReason = article.refusal ? errorMessage(article.refusal) : null;

  return (
    <Page
      title={content && content.status !== 'DRAFT' ? t('editor.editTitle') : t('editor.pageTitle')}
      description={channelName}
      actions={
        <div className={styles.barActions}>
          <SaveStatus status={article.status} reason={refusalReason} onRetry={() => article.queue()?.retryNow()} />
          {contentId !== null ? (
            <Link className={buttonClassName('secondary')} to={`/channels/${channelId}/contents/${contentId}/preview`}>
              {t('editor.preview')}
            </Link>
          ) : null}
          <PublishDialog
            reservedAt={content?.reservedAt ?? null}
            pending={publishing}
            problem={() => {
              if (!article.draft.title.trim()) return t('publish.needTitle');
              if (!hasText(article.draft.body)) return t('publish.needBody');
              return null;
            }}
            onPublish={onPublish}
          />
        </div>
      }
    >
      {article.restored ? (
        <div className={styles.notice} role="status">
          <span>{t('editor.restored')}</span>
          <button type="button" className={styles.linkButton} onClick={article.discardRestored}>
            {t('editor.discardRestored')}
          </button>
        </div>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <label htmlFor={titleId} className={styles.visuallyHidden}>
            {t('editor.titleLabel')}
          </label>
          <input
            id={titleId}
            className={styles.titleInput}
            value={article.draft.title}
            maxLength={CONTENT_TITLE_MAX}
            placeholder={t('editor.titlePlaceholder')}
            autoComplete="off"
            onChange={(event) => article.edit({ title: event.target.value })}
          />
          <span id={bodyLabelId} className={styles.visuallyHidden}>
            {t('editor.bodyLabel')}
          </span>
          <Suspense
            fallback={
              <div className={styles.editorFrame}>
                <p className={styles.editorLoading} role="status">
                  {t('editor.loading')}
                </p>
              </div>
            }
          >
            <RichTextEditor
              initialHtml={article.draft.body}
              resetKey={article.resetKey}
              editable
              labelledBy={bodyLabelId}
              onChange={(body) => article.edit({ body })}
              onUploadImage={upload}
            />
          </Suspense>
        </div>
        <aside className={styles.side}>
          <CoverImagePicker
            url={article.draft.coverImageUrl}
            disabled={false}
            onUpload={upload}
            onChange={(cover) => article.edit({ coverImageId: cover?.id ?? null, coverImageUrl: cover?.url ?? null })}
          />
        </aside>
      </div>
      {article.conflict ? <ConflictDialog onReload={article.reloadFromServer} onKeep={article.keepMine} /> : null}
      <LeaveDialog blocker={blocker} />
    </Page>
  );
}
