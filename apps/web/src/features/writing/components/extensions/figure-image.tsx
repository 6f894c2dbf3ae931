import { Node } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useWritingT } from '../../messages';
import styles from '../editor.module.css';
import { insertBlock } from './insert-block';

export type FigureImageAttrs = { src: string; alt: string; caption: string; width: number | null; height: number | null };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figureImage: {
      insertFigureImage: (attrs: Partial<FigureImageAttrs> & { src: string }) => ReturnType;
    };
  }
}

export const CAPTION_MAX = 200;

function FigureImageView({ node, updateAttributes, deleteNode, selected, editor }: ReactNodeViewProps) {
  const t = useWritingT();
  const attrs = node.attrs as FigureImageAttrs;
  return (
    <NodeViewWrapper className={`${styles.figure} ${selected ? styles.selectedNode : ''}`} data-figure-image="">
      <div data-drag-handle="" className={styles.figureImage}>
        <img src={attrs.src} alt={attrs.caption || attrs.alt} width={attrs.width ?? undefined} height={attrs.height ?? undefined} draggable={false} />
      </div>
      {editor.isEditable ? (
        <div className={styles.captionRow}>
          <input
            className={styles.caption}
            aria-label={t('image.caption')}
            placeholder={t('image.captionPlaceholder')}
            value={attrs.caption}
            maxLength={CAPTION_MAX}
            onChange={(event) => updateAttributes({ caption: event.target.value })}
          />
          <button type="button" className={styles.figureRemove} onClick={deleteNode} aria-label={t('image.remove')}>
            ×
          </button>
        </div>
      ) : attrs.caption ? (
        <p className={styles.captionText}>{attrs.caption}</p>
      ) : null}
    </NodeViewWrapper>
  );
}

/** An uploaded image with its caption, stored as `<figure><img><figcaption>`. */
export const FigureImage = Node.create({
  name: 'figureImage',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: { default: '' },
      alt: { default: '' },
      caption: { default: '' },
      width: { default: null },
      height: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element) => {
          const img = element.querySelector('img');
          if (!img) return false;
          const size = (name: string) => {
            const value = Number(img.getAttribute(name));
            return Number.isInteger(value) && value > 0 ? value : null;
          };
          return {
            src: img.getAttribute('src') ?? '',
            alt: img.getAttribute('alt') ?? '',
            caption: element.querySelector('figcaption')?.textContent ?? '',
            width: size('width'),
            height: size('height'),
          };
        },
      },
      {
        // A bare image (pasted HTML) is a figure without a caption.
        tag: 'img[src]',
        getAttrs: (element) => ({ src: element.getAttribute('src') ?? '', alt: element.getAttribute('alt') ?? '', caption: '' }),
      },
    ];
  },

  renderHTML({ node }) {
    const attrs = node.attrs as FigureImageAttrs;
    const img = ['img', { src: attrs.src, alt: attrs.caption || attrs.alt, ...(attrs.width ? { width: attrs.width } : {}), ...(attrs.height ? { height: attrs.height } : {}) }];
    return attrs.caption ? ['figure', {}, img, ['figcaption', {}, attrs.caption]] : ['figure', {}, img];
  },

  addNodeView() {
    return ReactNodeViewRenderer(FigureImageView);
  },

  addCommands() {
    return {
      insertFigureImage:
        (attrs) =>
        (props) =>
          insertBlock(props, { type: this.name, attrs: { alt: '', caption: '', width: null, height: null, ...attrs } }),
    };
  },
});
