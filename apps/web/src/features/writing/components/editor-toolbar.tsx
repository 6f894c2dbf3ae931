import { type Editor, useEditorState } from '@tiptap/react';
import { type ReactNode, useRef, useState } from 'react';
import { isValidUrl } from '@studio/contract/links';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../../components/ui/dialog';
import { showToast } from '../../../lib/toast';
import { useWritingT } from '../messages';
import { isVideoLink } from '../utils/video-link';
import { BulletListIcon, ImageIcon, LinkIcon, OrderedListIcon, QuoteIcon, RedoIcon, UndoIcon, VideoIcon } from './toolbar-icons';
import styles from './editor.module.css';

type ToolbarProps = {
  editor: Editor;
  onUploadImage: (file: File) => Promise<{ url: string; width: number; height: number }>;
};

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`${styles.tool} ${active ? styles.toolActive : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the editor's selection: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

type UrlDialogState = { kind: 'link' | 'video'; value: string } | null;

/** Formatting buttons over the body; each has a name for screen readers and says whether it is on. */
export function EditorToolbar({ editor, onUploadImage }: ToolbarProps) {
  const t = useWritingT();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [dialog, setDialog] = useState<UrlDialogState>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setUploading(true);
    try {
      const image = await onUploadImage(file);
      chain().insertFigureImage({ src: image.url, width: image.width, height: image.height }).run();
    } catch {
      // The server's refusal (not an image, too large) has its own text in the shared handler; the spec's upload text says it here.
      showToast(t('image.failed'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function openDialog(kind: 'link' | 'video') {
    setDialogError(null);
    setDialog({ kind, value: kind === 'link' ? String(editor.getAttributes('link').href ?? '') : '' });
  }

  function applyDialog() {
    if (!dialog) return;
    const url = dialog.value.trim();
    if (dialog.kind === 'link') {
      if (!url) {
        chain().extendMarkRange('link').unsetLink().run();
        setDialog(null);
        return;
      }
      if (!isValidUrl(url)) return setDialogError(t('link.invalid'));
      if (editor.state.selection.empty && !editor.isActive('link')) {
        chain().insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
      } else {
        chain().extendMarkRange('link').setLink({ href: url }).run();
      }
    } else {
      if (!isValidUrl(url)) return setDialogError(t('link.invalid'));
      if (!isVideoLink(url)) return setDialogError(t('video.notVideo'));
      chain().insertVideoCard(url).run();
    }
    setDialog(null);
  }

  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar.label')}>
      <ToolButton label={t('toolbar.heading2')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label={t('toolbar.heading3')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <span className={styles.toolSeparator} aria-hidden="true" />
      <ToolButton label={t('toolbar.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label={t('toolbar.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <span className={styles.toolSeparator} aria-hidden="true" />
      <ToolButton label={t('toolbar.bulletList')} active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <BulletListIcon />
      </ToolButton>
      <ToolButton label={t('toolbar.orderedList')} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListIcon />
      </ToolButton>
      <ToolButton label={t('toolbar.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <QuoteIcon />
      </ToolButton>
      <span className={styles.toolSeparator} aria-hidden="true" />
      <ToolButton label={t('toolbar.link')} active={state.link} onClick={() => openDialog('link')}>
        <LinkIcon />
      </ToolButton>
      <ToolButton label={t('toolbar.image')} disabled={uploading} onClick={() => fileInput.current?.click()}>
        <ImageIcon />
      </ToolButton>
      <ToolButton label={t('toolbar.video')} onClick={() => openDialog('video')}>
        <VideoIcon />
      </ToolButton>
      <span className={styles.toolSeparator} aria-hidden="true" />
      <ToolButton label={t('toolbar.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoIcon />
      </ToolButton>
      <ToolButton label={t('toolbar.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoIcon />
      </ToolButton>
      {uploading ? (
        <span className={styles.toolStatus} role="status">
          {t('image.uploading')}
        </span>
      ) : null}
      <input ref={fileInput} type="file" accept="image/*" hidden data-testid="body-image-input" onChange={(event) => void upload(event.target.files)} />

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : setDialog(null))}>
        <DialogContent size="small" aria-describedby={undefined}>
          <DialogTitle>{dialog?.kind === 'video' ? t('video.title') : t('link.title')}</DialogTitle>
          <form
            className={styles.urlForm}
            onSubmit={(event) => {
              event.preventDefault();
              applyDialog();
            }}
          >
            <label className={styles.fieldLabel} htmlFor="editor-url-input">
              {t('link.url')}
            </label>
            <input
              id="editor-url-input"
              className={styles.input}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={t('link.placeholder')}
              value={dialog?.value ?? ''}
              aria-invalid={dialogError ? true : undefined}
              aria-describedby={dialogError ? 'editor-url-error' : undefined}
              onChange={(event) => {
                setDialogError(null);
                setDialog((current) => (current ? { ...current, value: event.target.value } : current));
              }}
            />
            {dialogError ? (
              <p id="editor-url-error" className={styles.fieldError} role="alert">
                {dialogError}
              </p>
            ) : null}
            <DialogActions>
              <Button onClick={() => setDialog(null)}>{t('link.cancel')}</Button>
              {dialog?.kind === 'link' && state.link ? (
                <Button
                  onClick={() => {
                    chain().extendMarkRange('link').unsetLink().run();
                    setDialog(null);
                  }}
                >
                  {t('link.remove')}
                </Button>
              ) : null}
              <Button variant="primary" type="submit">
                {dialog?.kind === 'video' ? t('video.insert') : t('link.apply')}
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
