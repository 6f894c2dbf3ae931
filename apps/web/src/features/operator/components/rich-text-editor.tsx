import { useEffect, useRef } from 'react';
import { useOperatorT } from '../messages';
import styles from './rich-text-editor.module.css';

type Command = { label: 'editor.bold' | 'editor.italic' | 'editor.heading' | 'editor.bulletList' | 'editor.orderedList' | 'editor.quote'; glyph: string; run: () => void };

/* The browser's own editing commands: deprecated on paper, kept by every engine, and all a notice needs.
   The server's allow-list decides what is stored, whatever this produces or someone pastes. */
const exec = (command: string, value?: string) => document.execCommand(command, false, value);

/**
 * A small rich-text field for notices: bold, italic, subheading, lists, quote
 * and links, as HTML. Keyboard usable: the toolbar is a row of buttons and the
 * field is a labelled multi-line text box (Ctrl+B and Ctrl+I work in it).
 */
export function RichTextEditor({ id, labelId, initialHtml, invalid, describedBy, onChange }: {
  id: string;
  labelId: string;
  initialHtml: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (html: string) => void;
}) {
  const t = useOperatorT();
  const field = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Set once: the field owns its content from then on (re-rendering it would move the caret).
    // The HTML is what the server sanitised, or empty for a new notice.
    if (field.current) field.current.innerHTML = initialHtml;
  }, [initialHtml]);

  const changed = () => onChange(field.current?.innerHTML ?? '');
  const run = (work: () => void) => {
    field.current?.focus();
    work();
    changed();
  };

  const commands: Command[] = [
    { label: 'editor.bold', glyph: 'B', run: () => exec('bold') },
    { label: 'editor.italic', glyph: 'I', run: () => exec('italic') },
    { label: 'editor.heading', glyph: 'H', run: () => exec('formatBlock', '<h3>') },
    { label: 'editor.bulletList', glyph: '•', run: () => exec('insertUnorderedList') },
    { label: 'editor.orderedList', glyph: '1.', run: () => exec('insertOrderedList') },
    { label: 'editor.quote', glyph: '❝', run: () => exec('formatBlock', '<blockquote>') },
  ];

  const link = () => {
    const address = window.prompt(t('editor.linkPrompt'), 'https://');
    if (address && /^https?:\/\/[^\s]+$/i.test(address.trim())) exec('createLink', address.trim());
  };

  return (
    <div className={`${styles.editor} ${invalid ? styles.invalid : ''}`}>
      <div role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id} className={styles.toolbar}>
        {commands.map((command) => (
          <button
            key={command.label}
            type="button"
            className={styles.tool}
            aria-label={t(command.label)}
            title={t(command.label)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command.run)}
          >
            <span aria-hidden="true">{command.glyph}</span>
          </button>
        ))}
        <button type="button" className={styles.tool} aria-label={t('editor.link')} title={t('editor.link')} onMouseDown={(event) => event.preventDefault()} onClick={() => run(link)}>
          <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
            <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          </svg>
        </button>
      </div>
      <div
        id={id}
        ref={field}
        className={styles.field}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        onInput={changed}
        onBlur={changed}
      />
    </div>
  );
}
