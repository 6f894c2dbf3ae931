import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { useEffect, useRef } from 'react';
import { ARTICLE_BODY_MAX } from '@studio/contract/content';
import { useWritingT } from '../messages';
import { EditorToolbar } from './editor-toolbar';
import { FigureImage } from './extensions/figure-image';
import { VideoCard } from './extensions/video-card';
import styles from './editor.module.css';

type RichTextEditorProps = {
  /** The body to start from (HTML); later changes to it do not reset the editor unless `resetKey` changes. */
  initialHtml: string;
  resetKey: number;
  editable: boolean;
  labelledBy: string;
  onChange: (html: string) => void;
  onUploadImage: (file: File) => Promise<{ url: string; width: number; height: number }>;
};

/** The article body: TipTap with headings, bold, italic, lists, quotes, links, captioned images and video cards; a live character count. */
export function RichTextEditor({ initialHtml, resetKey, editable, labelledBy, onChange, onUploadImage }: RichTextEditorProps) {
  const t = useWritingT();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' } },
      }),
      FigureImage,
      VideoCard,
      CharacterCount.configure({ limit: ARTICLE_BODY_MAX }),
      Placeholder.configure({ placeholder: t('editor.bodyPlaceholder') }),
    ],
    content: initialHtml,
    editable,
    editorProps: { attributes: { class: styles.prose ?? '', 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getHTML()),
  });

  // A reload of the server's text (after a conflict) replaces the body without counting as an edit.
  const lastReset = useRef(resetKey);
  useEffect(() => {
    if (lastReset.current === resetKey) return;
    lastReset.current = resetKey;
    editor.commands.setContent(initialHtml, { emitUpdate: false });
  }, [editor, initialHtml, resetKey]);

  useEffect(() => {
    editor.setEditable(editable, false);
  }, [editor, editable]);

  return (
    <div className={styles.editorFrame}>
      {editable ? <EditorToolbar editor={editor} onUploadImage={onUploadImage} /> : null}
      <EditorContent editor={editor} className={styles.editorContent} />
      <CharacterCounter editor={editor} />
    </div>
  );
}

function CharacterCounter({ editor }: { editor: Editor }) {
  const t = useWritingT();
  const count = useEditorState({
    editor,
    // CharacterCount's own measure (text with blocks joined by a space), read from the document itself:
    // its storage can be missing while a fresh editor is still being set up.
    selector: ({ editor: current }) => {
      const { doc } = current.state;
      return doc.textBetween(0, doc.content.size, undefined, ' ').length;
    },
  });
  return (
    <p className={styles.counter} aria-live="polite">
      <span className={styles.visuallyHidden}>{t('editor.charactersLabel')} </span>
      {t('editor.characters', { count })}
    </p>
  );
}
