import { Node } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import { useWritingT } from '../../messages';
import { isVideoLink, pastedVideoLink } from '../../utils/video-link';
import { insertBlock } from './insert-block';
import styles from '../editor.module.css';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    videoCard: {
      /** Inserts a card for a video site's address. */
      insertVideoCard: (url: string) => ReturnType;
    };
  }
}

function VideoCardView({ node, selected }: ReactNodeViewProps) {
  const t = useWritingT();
  const url = String(node.attrs.url ?? '');
  return (
    <NodeViewWrapper className={`${styles.videoCard} ${selected ? styles.selectedNode : ''}`} data-video-card="" data-drag-handle="">
      <span className={styles.videoBadge} aria-hidden="true">
        ▶
      </span>
      <span className={styles.videoText}>
        <span className={styles.videoKind}>{t('video.card')}</span>
        <a href={url} target="_blank" rel="noopener noreferrer nofollow" className={styles.videoUrl} title={t('video.open')}>
          {url}
        </a>
      </span>
    </NodeViewWrapper>
  );
}

/**
 * A video link shown as a card. Stored as plain HTML (a figure holding one
 * link) so the body still reads as a link wherever the card is not drawn;
 * reading the HTML back, any figure whose only content is a video link is a
 * card again, even if a sanitiser dropped the data attribute.
 */
export const VideoCard = Node.create({
  name: 'videoCard',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return { url: { default: '' } };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element) => {
          if (element.querySelector('img')) return false;
          const href = element.querySelector('a')?.getAttribute('href') ?? '';
          return isVideoLink(href) ? { url: href } : false;
        },
      },
    ];
  },

  renderHTML({ node }) {
    const url = String(node.attrs.url ?? '');
    return ['figure', { 'data-video-card': '' }, ['a', { href: url, target: '_blank', rel: 'noopener noreferrer nofollow' }, url]];
  },

  addNodeView() {
    return ReactNodeViewRenderer(VideoCardView);
  },

  addCommands() {
    return {
      insertVideoCard:
        (url) =>
        (props) =>
          isVideoLink(url) ? insertBlock(props, { type: this.name, attrs: { url } }) : false,
    };
  },

  addProseMirrorPlugins() {
    const type = this.type;
    return [
      new Plugin({
        key: new PluginKey('videoCardPaste'),
        props: {
          // A pasted video address alone becomes a card; anything else pastes as usual.
          handlePaste: (view, event) => {
            const url = pastedVideoLink(event.clipboardData?.getData('text/plain') ?? '');
            if (!url) return false;
            const { selection, tr } = view.state;
            const card = type.create({ url });
            view.dispatch((selection instanceof NodeSelection ? tr.insert(selection.to, card) : tr.replaceSelectionWith(card)).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
